import Foundation
import StationCore
import StationTestSupport
import Testing

/// The lists on the real binary in tmux (issue 23): the patient's identifier is never cut, the rows
/// carry the report number, a kept search says what it hides, dates carry their year or say today.
@Suite("Lists in tmux: whole identifiers, report numbers, searches that hide, dates", .serialized)
struct TerminalListsTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("lists") }

    func station(_ arguments: String...) throws -> (status: Int32, output: String) { try terminal.run(arguments) }

    /// The line of `screen` holding `text`.
    static func line(_ screen: String, _ text: String) -> String {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    /// Whether `screen` is a frame drawn for `columns`: the report list's box ends at the last column.
    static func isDrawn(_ screen: String, columns: Int) -> Bool {
        let top = line(screen, "─ Reports")
        return top.count == columns && top.hasSuffix("┐")
    }

    @Test("identifiers stay whole at 120×40 and 80×24: sessions, list, report header, reports; /200871 finds one")
    func identifiersWhole() async throws {
        let data = terminal.data
        try await ListSeeding.session(
            "Room 12 – Mr de Vries, second floor", patient: ListSeeding.devries, priority: .urgent, to: data)
        let okafor = try await ListSeeding.report(
            "Wound dressing changed, the edges are clean and dry and there is no sign of infection today.",
            patient: ListSeeding.okafor, session: "Bed 4 – Mr Okafor, surgical ward", to: data)
        try await ListSeeding.report(
            "Knee pain on the left side since the fall last week, worse on the stairs.",
            patient: ListSeeding.jansen, session: "Room 7 – Mrs Jansen, outpatient clinic", to: data)

        let listed = try station("reports").output
        #expect(Self.line(listed, "Wound").contains("(MRN200871)"), "\(listed)")
        #expect(Self.line(listed, "Knee").contains("Anna Jansen (MRN118204)"), "\(listed)")

        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        for (columns, rows) in [(120, 40), (80, 24)] {
            try tmux.resize(rows: rows, columns: columns)
            let screen = try tmux.waitFor("the list at \(columns)×\(rows)") {
                Self.isDrawn($0, columns: columns) && Self.line($0, "Knee").contains("(MRN118204)")
                    && Self.line($0, "Wound").contains("(MRN200871)") && Self.line($0, "Pieter").contains("URGENT")
            }
            let session = Self.line(screen, "Pieter")
            #expect(session.contains("(MRN300512)"), "sessions pane at \(columns): \(screen)")
            #expect(session.contains("URGENT"), "sessions pane at \(columns): \(screen)")
            #expect(Self.line(screen, "Wound").contains("(MRN200871)"), "list at \(columns): \(screen)")
            #expect(Self.line(screen, "Wound").contains("#\(okafor.id) "), "the report number at \(columns)")
        }
        try tmux.focusReports(listing: "Wound")
        try tmux.send("/")
        try tmux.type("200871")
        let found = try tmux.waitFor("the search for the digits") {
            $0.contains("matching \"200871\"") && !$0.contains("Knee")
        }
        #expect(Self.line(found, "Wound").contains("(MRN200871)"), "\(found)")
        try tmux.send("Enter")
        let header = try tmux.send("Enter", thenWaitFor: "Report #\(okafor.id)")
        #expect(header.contains("(MRN200871)"), "\(header)")
        #expect(Self.line(header, "Patient:").contains("(MRN200871)"), "\(header)")
    }

    @Test("a report that arrives outside a kept search or filter is announced, with how to see it")
    func arrivalsOutsideTheSearch() async throws {
        let data = terminal.data
        try await ListSeeding.report(
            "The wound is clean.", patient: ListSeeding.okafor, session: "Bed 4", priority: .urgent, to: data)
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        try tmux.focusReports(listing: "The wound is clean.")
        try tmux.send("/")
        try tmux.type("wound")
        try tmux.send("Enter")
        _ = try tmux.waitUntilGone("Search: ")

        // Another station stores a report that does not match: the list says so and how to clear it.
        try await ListSeeding.report(
            "Knee pain since the fall.", patient: ListSeeding.jansen, session: "Room 7", to: data)
        let hidden = try tmux.waitFor("1 new report outside the search — Esc clears it")
        #expect(!hidden.contains("Knee pain"), "\(hidden)")
        // One that matches is simply shown, and the count stays.
        try await ListSeeding.report("Second wound dressed.", patient: ListSeeding.okafor, session: "Bed 4", to: data)
        _ = try tmux.waitFor("the matching report shown, the count kept") {
            $0.contains("Second wound dressed.") && $0.contains("1 new report outside the search")
        }
        try tmux.send("Escape")
        let cleared = try tmux.waitFor("Knee pain since the fall.")
        #expect(!cleared.contains("outside the search"), "\(cleared)")

        // A filter hides arrivals too: only urgent reports, then a normal one comes.
        try tmux.send("!")
        _ = try tmux.waitFor("Reports · urgent")
        _ = try tmux.waitUntilGone("Knee pain")
        try await ListSeeding.report(
            "Routine check, all well.", patient: ListSeeding.jansen, session: "Room 7", to: data)
        _ = try tmux.waitFor("1 new report outside the filters (urgent) — Esc shows every report")
        try tmux.send("Escape")
        _ = try tmux.waitFor("every report, the notice gone") {
            $0.contains("Routine check, all well.") && $0.contains("Knee pain") && !$0.contains("outside the filters")
        }
    }

    @Test(
        "headers say each state once, an amendment as the history has it, and every date with its year or as yesterday")
    func wordsThatAgree() async throws {
        let data = terminal.data
        let calendar = Calendar.current
        let dictated = try #require(
            calendar.date(from: DateComponents(year: 2025, month: 12, day: 1, hour: 21, minute: 59)))
        let database = try await ListSeeding.database(data)
        let amended = try await ListSeeding.report(
            "The left knee is swollen.", patient: ListSeeding.jansen, session: "Room 7", created: dictated, to: data)
        _ = try await database.revise(
            id: amended.id, text: "The left knee is swollen and warm.", at: dictated.addingTimeInterval(120),
            by: "anna",
            reason: nil)
        _ = try await database.sign(id: amended.id, by: "anna", at: dictated.addingTimeInterval(240))
        _ = try await database.revise(
            id: amended.id, text: "The right knee is swollen and warm.", at: dictated.addingTimeInterval(300),
            by: "bert", reason: "side was wrong")
        let yesterday = try #require(calendar.date(byAdding: .day, value: -1, to: Date()))
        let corrected = try await ListSeeding.report(
            "Cough for three days.", patient: ListSeeding.okafor, session: "Bed 4", created: yesterday, to: data)
        _ = try await database.revise(
            id: corrected.id, text: "Dry cough for three days.", at: yesterday, by: "anna", reason: nil)

        let wording = DateWording(now: Date())
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        try tmux.resize(rows: 40, columns: 120)
        let list = try tmux.waitFor("both rows") { $0.contains("2025-12-01 21:59") && $0.contains("yesterday ") }
        #expect(Self.line(list, "Dry cough").contains(wording.short(yesterday)), "\(list)")
        #expect(list.range(of: #"(?<!\d{4}-)\b\d\d-\d\d \d\d:\d\d"#, options: .regularExpression) == nil, "\(list)")
        let table = try station("reports").output
        #expect(Self.line(table, "Dry cough").contains(wording.short(yesterday)), "one rule for the CLI: \(table)")
        #expect(Self.line(table, "right knee").contains("2025-12-01 21:59"), "\(table)")

        try tmux.focusReports(listing: "Dry cough")
        let cough = try tmux.send("Enter", thenWaitFor: "Report #\(corrected.id)")
        #expect(cough.contains("corrected, not signed"), "\(cough)")
        #expect(!cough.contains("corrected · corrected"), "\(cough)")
        #expect(cough.contains("Dictated \(wording.full(yesterday))"), "the header says the date in full: \(cough)")
        try tmux.send("Escape")
        _ = try tmux.waitForKeys("Enter Open")
        try tmux.send("Down")
        let knee = try tmux.send("Enter", thenWaitFor: "the amended report's history") {
            $0.contains("Report #\(amended.id)") && $0.contains("signed by anna")
        }
        let flat = knee.replacingOccurrences(of: "│", with: " ")
        #expect(flat.contains("Dictated 1 December 2025 21:59"), "the header spells the month: \(knee)")
        #expect(flat.contains("amended after signing"), "\(knee)")
        #expect(!flat.contains("signed · corrected") && !flat.contains("· corrected"), "\(knee)")
        #expect(
            flat.contains("Signed by anna on 1 December 2025 22:03; amended by bert on 1 December 2025 22:04"),
            "as the history has it: \(knee)")
        #expect(flat.contains("2025-12-01 22:03 signed by anna"), "the history's dates carry the year: \(knee)")
        let shown = try station("reports", "show", String(amended.id)).output
        #expect(shown.contains("Signed:   1 December 2025 22:03 by anna"), "\(shown)")
        #expect(shown.contains("Amended:  1 December 2025 22:04 by bert"), "\(shown)")
    }

    @Test(
        "panes grow at 120×40 (URGENT in the sessions pane, the text its share, a preview below); at 80 the rare keys go first"
    )
    func panesGrow() async throws {
        let data = terminal.data
        try await ListSeeding.session(
            "Room 12 – Mr de Vries", patient: ListSeeding.devries, priority: .urgent, to: data)
        let text =
            "Wound dressing changed on the left lower leg, the edges are clean and dry.\n"
            + "No sign of infection. Review again on Friday with the surgical team."
        try await ListSeeding.report(text, patient: ListSeeding.devries, session: "Room 12 – Mr de Vries", to: data)
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        try tmux.resize(rows: 40, columns: 120)
        let wide = try tmux.waitFor("the screen at 120×40") {
            Self.isDrawn($0, columns: 120) && $0.contains("Review again on Friday")
        }
        let session = Self.line(wide, "(MRN300512) · URGENT")
        #expect(session.hasPrefix("│") && session.contains("Room 12"), "the sessions pane shows URGENT: \(wide)")
        let row = Self.line(wide, "Wound dressing")
        #expect(row.contains(String(text.prefix(30))), "the first line gets its share: \(row)")
        // The empty rows under the short list show the selected report's text, beyond its first line.
        #expect(Self.line(wide, "#1 · Pieter de Vries (MRN300512)").contains("─"), "\(wide)")

        try tmux.resize(rows: 24, columns: 80)
        let narrow = try tmux.waitFor("the screen at 80×24") { Self.isDrawn($0, columns: 80) }
        let bar = TmuxSession.keyBar(of: narrow)
        for key in ["Space Record", "Tab Reports", "F3 Search", "F6 Source", "F1 Help", "F10 Quit"] {
            #expect(bar.contains(key), "\(key) stays at 80 columns: \(bar)")
        }
        for key in ["F8 Delete", "F4 Rename", "F5 Locale"] {
            #expect(!bar.contains(key), "\(key) is among the rarest: \(bar)")
        }
    }

    @Test("x in the report view exports the header with the text, a draft marked, or FHIR, 0600 in exports/")
    func export() async throws {
        let data = terminal.data
        let report = try await ListSeeding.database(data).add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: Date(), audioDuration: .seconds(9), audioFile: nil,
                text: "Blood pressure 120/80.", transcript: "blood pressure one twenty over eighty", author: "anna",
                properties: DictationProperties(patient: ListSeeding.devries, priority: .urgent)))
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        try tmux.openReport(listed: "Blood pressure", title: "Report #\(report.id)")
        try tmux.send("x", thenWaitFor: "Export report #\(report.id) (a draft, not signed) as")
        try tmux.send("Enter", thenWaitFor: "marked as a draft")
        let exports = URL(fileURLWithPath: data).appendingPathComponent("exports")
        let textFile = exports.appendingPathComponent("report-\(report.id).txt")
        let text = try String(contentsOf: textFile, encoding: .utf8)
        #expect(text.hasPrefix("Report \(report.id) · URGENT · DRAFT, NOT SIGNED\n"), "\(text)")
        for field in ["Patient:  Pieter de Vries (MRN300512)", "Author:   anna", "Status:   draft", "Created:  "] {
            #expect(text.contains(field), "\(field): \(text)")
        }
        #expect(text.contains("\n\nBlood pressure 120/80.\n"))
        #expect(!text.contains("Original transcript") && !text.contains("one twenty"), "no original: \(text)")

        try tmux.send("x", thenWaitFor: "FHIR DocumentReference")
        try tmux.send("Down")
        let fhirFile = exports.appendingPathComponent("report-\(report.id).fhir.json")
        try tmux.send("Enter", thenWaitFor: "the FHIR file") { _ in
            FileManager.default.fileExists(atPath: fhirFile.path)
        }
        let fhir = try String(contentsOf: fhirFile, encoding: .utf8)
        #expect(fhir.contains("\"resourceType\" : \"DocumentReference\"") && fhir.contains("MRN300512"), "\(fhir)")
        for file in [textFile, fhirFile] {
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file.lastPathComponent)")
        }
        let folder = try FileManager.default.attributesOfItem(atPath: exports.path)[.posixPermissions] as? Int
        #expect(folder == 0o700)

        // The command line says the same, the original only when asked.
        let exported = try station("reports", "export", String(report.id)).output
        #expect(
            exported.hasPrefix("Report \(report.id) · URGENT · DRAFT, NOT SIGNED") && !exported.contains("one twenty"))
        let withOriginal = try station("reports", "export", String(report.id), "--with-original").output
        #expect(withOriginal.contains("Original transcript:\nblood pressure one twenty over eighty"))
    }
}
