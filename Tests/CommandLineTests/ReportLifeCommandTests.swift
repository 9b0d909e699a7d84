import Foundation
import LocalClaims
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// A report's life on the command line goes through the same desk as the screen: signing takes the
/// correction claim, a signed report is never deleted (a wrong one is entered in error and kept), a
/// draft is deleted by its author after a question, and an option that does not apply is refused.
@Suite("dictation-station reports: the report rules")
struct ReportLifeCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-life-\(UUID().uuidString)")
    var paths: StationPaths { StationPaths(dataDirectory: directory.appendingPathComponent("data")) }
    /// The logged-in user, as the binary records them.
    static let me = getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "?"
    static let anna = DictationHolder(user: "anna", host: "ws-12", processID: 4242)

    func run(_ arguments: [String]) throws -> StationBinary.Outcome {
        try StationBinary.run(["--data-dir", paths.dataDirectory.path] + arguments)
    }

    /// A draft by `author` with an audio file, its decoder's words and a correction.
    func seeded(by author: String? = Self.me, corrected: Bool = true) async throws -> (Int64, URL) {
        let database = try await StationDatabase.open(paths)
        let audio = paths.audioDirectory.appendingPathComponent("room-12-\(UUID().uuidString).wav")
        try Data("RIFF".utf8).write(to: audio)
        let report = try await database.add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: Date(timeIntervalSince1970: 1_780_000_000),
                audioDuration: .seconds(20), audioFile: audio, text: "Knee pain, left.", author: author,
                words: [RecognizedWord(text: "knee", start: .zero, end: .milliseconds(300), confidence: 0.9)]))
        if corrected {
            _ = try await database.revise(
                id: report.id, text: "Knee pain, left side.", at: Date(timeIntervalSince1970: 1_780_000_060),
                by: author, reason: nil)
        }
        return (report.id, audio)
    }

    /// What the store holds about report `id`: the report, its revisions, steps and words.
    func stored(_ id: Int64) async throws -> (report: Report?, revisions: Int, events: Int, words: Int) {
        let database = try await StationDatabase.open(paths)
        let report = try await database.report(id: id)
        return (
            report, try await database.revisions(id: id).count, try await database.events(id: id).count,
            report?.words.count ?? 0
        )
    }

    @Test("reports sign refuses a report someone corrects at another station, naming who; signs once they are done")
    func signTakesTheClaim() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (id, _) = try await seeded()
        let locks = FileReportEditLocks(paths: paths, holder: Self.anna)
        #expect(locks.claim(report: id) == .claimed)
        let refused = try run(["reports", "sign", "\(id)"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "dictation-station: Report \(id) is being corrected by anna on ws-12. Sign it when they are done.\n")
        #expect(try await stored(id).report?.status == .corrected, "not signed under her correction")
        locks.release(report: id)
        let signed = try run(["reports", "sign", "\(id)", "--yes"])
        #expect(signed.status == 0, "\(signed.standardError)")
        #expect(try await stored(id).report?.status == .signed)
    }

    @Test(
        "reports delete never deletes a signed or amended report, with --yes or not: revisions, steps, words, audio stay"
    )
    func signedNeverDeleted() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (signed, signedAudio) = try await seeded()
        let (amended, amendedAudio) = try await seeded()
        let database = try await StationDatabase.open(paths)
        for id in [signed, amended] {
            _ = try await database.sign(id: id, by: Self.me, at: Date(timeIntervalSince1970: 1_780_000_120))
        }
        _ = try await database.revise(
            id: amended, text: "Knee pain, right.", at: Date(timeIntervalSince1970: 1_780_000_180), by: Self.me,
            reason: "side was wrong")
        for (id, audio, phase) in [(signed, signedAudio, "signed"), (amended, amendedAudio, "amended")] {
            let before = try await stored(id)
            for arguments in [["reports", "delete", "\(id)"], ["reports", "delete", "\(id)", "--yes"]] {
                let refused = try run(arguments)
                #expect(refused.status == 1, "\(arguments)")
                #expect(
                    refused.standardError
                        == "dictation-station: Report \(id) is \(phase): it is never deleted. If it is wrong, mark it "
                        + "entered in error with a reason (R in the station, or reports retire \(id) --reason TEXT).\n")
            }
            let after = try await stored(id)
            #expect(after.report == before.report && after.report != nil)
            #expect(after.revisions == before.revisions && after.events == before.events && after.words == 1)
            #expect(FileManager.default.fileExists(atPath: audio.path), "its audio is kept")
        }
    }

    @Test("reports retire enters a report in error: kept, out of the list unless --all, said by show, JSON and FHIR")
    func retire() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (id, audio) = try await seeded()
        let (other, _) = try await seeded()
        _ = try await StationDatabase.open(paths).sign(
            id: id, by: Self.me, at: Date(timeIntervalSince1970: 1_780_000_120))
        let missing = try run(["reports", "retire", "\(id)"])
        #expect(missing.status == 2 && missing.standardError.contains("--reason TEXT"), "\(missing.standardError)")
        let blank = try run(["reports", "retire", "\(id)", "--reason", "  "])
        #expect(blank.status == 1)
        #expect(blank.standardError.contains("only with a reason: say what is wrong with it"))
        let retired = try run(["reports", "retire", "\(id)", "--reason", "wrong patient"])
        #expect(retired.status == 0, "\(retired.standardError)")
        #expect(retired.standardOutput.contains("Report \(id) is entered in error as \(Self.me)"))

        let listed = try run(["reports"])
        #expect(!listed.standardOutput.contains(" \(id)  2026"), "left out of the list:\n\(listed.standardOutput)")
        #expect(listed.standardOutput.contains(" \(other)  2026"))
        let all = try run(["reports", "--all"])
        let row = try #require(all.standardOutput.split(separator: "\n").first { $0.hasPrefix(" \(id)  ") })
        #expect(row.contains("in error"), "\(row)")
        let shown = try run(["reports", "show", "\(id)"])
        #expect(shown.status == 0)
        #expect(shown.standardOutput.contains("Status:   signed, ENTERED IN ERROR"))
        #expect(shown.standardOutput.contains("In error: "))
        #expect(shown.standardOutput.contains(" by \(Self.me): wrong patient"))
        #expect(shown.standardOutput.contains("entered in error by \(Self.me): wrong patient"), "in its history")
        #expect(FileManager.default.fileExists(atPath: audio.path), "kept with its audio")

        let json = try run(["reports", "export", "\(id)", "--format", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let mark = try #require(object["enteredInError"] as? [String: Any])
        #expect(mark["by"] as? String == Self.me && mark["reason"] as? String == "wrong patient")
        #expect(object["status"] as? String == "signed")

        let fhir = try run(["reports", "export", "\(id)", "--format", "fhir"])
        #expect(fhir.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(fhir.standardOutput.utf8)) as? [String: Any])
        #expect(document["status"] as? String == "entered-in-error")
        #expect(document["docStatus"] as? String == "final")
        let file = directory.appendingPathComponent("retired.json")
        try Data(fhir.standardOutput.utf8).write(to: file)
        let validation = try FHIRValidator.validate([file])
        #expect(validation.status == 0, "\(validation.output)")
        #expect(validation.output.contains("valid DocumentReference R4"), "\(validation.output)")

        for change in [["sign", "\(id)"], ["delete", "\(id)", "--yes"], ["retire", "\(id)", "--reason", "again"]] {
            let refused = try run(["reports"] + change)
            #expect(refused.status == 1, "\(change)")
            #expect(refused.standardError.contains("Report \(id) was entered in error by \(Self.me) on "), "\(change)")
        }
    }

    @Test("a draft is deleted by its author, with --yes where no terminal can ask; show then says who deleted it")
    func draftDeletion() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (id, audio) = try await seeded()
        let unasked = try run(["reports", "delete", "\(id)"])
        #expect(unasked.status == 1)
        #expect(unasked.standardError.contains("there is no terminal to ask on; add --yes to delete it"))
        let kept = try await stored(id).report
        #expect(FileManager.default.fileExists(atPath: audio.path) && kept != nil)

        let (annas, _) = try await seeded(by: "anna")
        let notHers = try run(["reports", "delete", "\(annas)", "--yes"])
        #expect(notHers.status == 1)
        #expect(notHers.standardError.contains("Report \(annas) is a draft by anna: only its author deletes it."))

        let locks = FileReportEditLocks(paths: paths, holder: Self.anna)
        #expect(locks.claim(report: id) == .claimed)
        let corrected = try run(["reports", "delete", "\(id)", "--yes"])
        #expect(corrected.status == 1)
        #expect(
            corrected.standardError.contains(
                "Report \(id) is being corrected by anna on ws-12. It is not deleted while they correct it."))
        locks.release(report: id)

        let deleted = try run(["reports", "delete", "\(id)", "--yes"])
        #expect(deleted.status == 0, "\(deleted.standardError)")
        #expect(deleted.standardOutput.contains("Deleted draft report \(id) and its audio"))
        #expect(!FileManager.default.fileExists(atPath: audio.path))
        let shown = try run(["reports", "show", "\(id)"])
        #expect(shown.status == 1)
        #expect(
            shown.standardError.hasPrefix(
                "dictation-station: Report \(id) (corrected, session \"Room 12\", dictated by \(Self.me)) was deleted by "
                    + "\(Self.me) on "), "\(shown.standardError)")
        #expect(shown.standardOutput.isEmpty)
    }

    /// A draft whose decoder was unsure of "elbow" and "men".
    func seededWithUnsureWords() async throws -> Int64 {
        let database = try await StationDatabase.open(paths)
        let words = [("the", 0.9), ("elbow", 0.1), ("men", 0.2), ("is", 0.9), ("swollen", 0.95)].enumerated().map {
            RecognizedWord(
                text: $1.0, start: .milliseconds(400 * $0), end: .milliseconds(400 * $0 + 300), confidence: $1.1)
        }
        return try await database.add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: Date(timeIntervalSince1970: 1_780_000_000),
                audioDuration: .seconds(2), audioFile: nil, text: "The elbow men is swollen.", author: Self.me,
                words: words)
        ).id
    }

    @Test("reports sign shows the text and the unsure words; with no terminal it signs only with --yes")
    func signShowsAndNeedsYes() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = try await seededWithUnsureWords()
        let refused = try run(["reports", "sign", "\(id)"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "dictation-station: reports sign asks before it signs report \(id), and there is no terminal to ask "
                + "on; read the text above and add --yes to sign it.\n")
        #expect(refused.standardOutput.contains("Report \(id) (draft, session \"Room 12\"), as it would be signed:"))
        #expect(refused.standardOutput.contains("The elbow men is swollen."))
        #expect(
            refused.standardOutput.contains(
                "2 of 2 words the decoder was unsure of were never visited (\"elbow\", \"men\")."))
        #expect(try await stored(id).report?.status == .draft, "nothing signed without --yes")

        let signed = try run(["reports", "sign", "\(id)", "--yes"])
        #expect(signed.status == 0, "\(signed.standardError)")
        #expect(signed.standardOutput.contains("The elbow men is swollen."))
        #expect(signed.standardOutput.hasSuffix("Signed report \(id) as \(Self.me).\n"), "\(signed.standardOutput)")
        #expect(try await stored(id).report?.status == .signed)
    }

    @Test("reports sign asks on a terminal after showing the text: n (or Enter) keeps it unsigned, y signs")
    func signAskedOnATerminal() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = try await seededWithUnsureWords()
        for (answer, signs) in [("n", false), ("", false), ("y", true)] {
            let tmux = try TmuxSession(
                command: [StationBinary.url.path, "--data-dir", paths.dataDirectory.path, "reports", "sign", "\(id)"],
                environment: ["TZ": "UTC"])
            defer { tmux.shutDown() }
            let question = try tmux.waitFor("y signs [y/N]:")
            #expect(question.contains("The elbow men is swollen."), "\(question)")
            #expect(question.contains("2 of 2 words the decoder was unsure of were never visited"), "\(question)")
            #expect(question.contains("A signed report is final"), "\(question)")
            #expect(question.contains("Sign report \(id) as \(Self.me)? y signs [y/N]:"), "\(question)")
            #expect(try await stored(id).report?.status == .draft, "nothing signed while it asks")
            if !answer.isEmpty { try tmux.type(answer) }
            try tmux.send("Enter")
            _ = try tmux.waitFor(signs ? "Signed report \(id) as \(Self.me)." : "Report \(id) is not signed.")
            #expect(try tmux.waitForExit() == (signs ? 0 : 1), "after \(answer.isEmpty ? "Enter" : answer)")
            #expect(try await stored(id).report?.status == (signs ? .signed : .draft))
        }
    }

    @Test("reports delete asks on a terminal: n keeps the draft, y deletes it")
    func askedOnATerminal() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (id, audio) = try await seeded(corrected: false)
        for (answer, kept) in [("n", true), ("y", false)] {
            let tmux = try TmuxSession(
                command: [
                    StationBinary.url.path, "--data-dir", paths.dataDirectory.path, "reports", "delete", "\(id)",
                ],
                environment: ["TZ": "UTC"])
            defer { tmux.shutDown() }
            let question = try tmux.waitFor("y deletes:")
            #expect(question.contains("Delete draft report \(id) of \"Room 12\" (Knee pain, left.)?"), "\(question)")
            try tmux.type(answer)
            try tmux.send("Enter")
            #expect(try tmux.waitForExit() == (kept ? 1 : 0))
            let stillThere = try await stored(id).report != nil
            #expect(stillThere == kept, "after \(answer)")
            #expect(FileManager.default.fileExists(atPath: audio.path) == kept)
        }
    }

    @Test("reports edit --reason on an unsigned report is refused, not dropped; nothing is saved")
    func reasonOnADraft() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (draft, _) = try await seeded(corrected: false)
        let (corrected, _) = try await seeded()
        let file = directory.appendingPathComponent("new.txt")
        try Data("Knee pain, right.".utf8).write(to: file)
        for (id, phase) in [(draft, "a draft"), (corrected, "corrected but not signed")] {
            let before = try await stored(id)
            let refused = try run(["reports", "edit", "\(id)", "--text-file", file.path, "--reason", "side was wrong"])
            #expect(refused.status == 1)
            #expect(
                refused.standardError
                    == "dictation-station: Report \(id) is \(phase): --reason is only for amending a signed report.\n")
            let after = try await stored(id)
            #expect(after.report?.text == before.report?.text && after.revisions == before.revisions)
        }
    }

    @Test("reports edit with a 20 MB text file or a 120 KB reason is refused, saying the sizes; nothing is saved")
    func tooBig() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (id, _) = try await seeded()
        let file = directory.appendingPathComponent("huge.txt")
        try Data(String(repeating: "Knee pain, left side. ", count: 1_000_000).utf8).write(to: file)
        let before = try await stored(id)
        let refused = try run(["reports", "edit", "\(id)", "--text-file", file.path])
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "dictation-station: The text for report \(id) is 21.0 MB, and a report holds at most 256 KB: "
                + "nothing was saved. Shorten it and save again.\n")
        var after = try await stored(id)
        #expect(after.report?.text == before.report?.text && after.revisions == before.revisions)
        #expect(FileManager.default.fileExists(atPath: file.path), "the file with the text is left as it was")

        // A signed report's amendment with a reason of 120 KB.
        let database = try await StationDatabase.open(paths)
        _ = try await database.sign(id: id, by: Self.me, at: Date(timeIntervalSince1970: 1_780_000_120))
        try Data("Knee pain, right side.".utf8).write(to: file)
        let signed = try await stored(id)
        let reason = String(repeating: "side was wrong ", count: 8_192)
        let amendment = try run(["reports", "edit", "\(id)", "--text-file", file.path, "--reason", reason])
        #expect(amendment.status == 1)
        #expect(amendment.standardError == "dictation-station: The reason: at most 500 characters.\n")
        after = try await stored(id)
        #expect(after.report?.text == signed.report?.text && after.revisions == signed.revisions)
    }
}
