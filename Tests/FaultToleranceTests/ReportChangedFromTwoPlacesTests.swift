import Foundation
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// A report corrected in the screen while another terminal signs or deletes it, on the real binary in
/// tmux: the correction is never lost, and no one signs or deletes a text someone is changing. The
/// station runs with `USER=anna`, which names no one (a claim names the login account); the other
/// terminal is a second process on the same data directory, as `StationInTmux.run` runs it.
@Suite("Survives: a report corrected in the screen while another terminal signs or deletes it", .serialized)
struct ReportChangedFromTwoPlacesTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("two-places") }

    static let me = getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "?"

    var paths: StationPaths { StationPaths(dataDirectory: URL(fileURLWithPath: terminal.data)) }
    var editingFolder: URL { URL(fileURLWithPath: terminal.data).appendingPathComponent("editing") }

    /// Drafts of the logged-in user's, #1 first, as a finished dictation stores them.
    func seed(_ texts: [String]) async throws {
        let database = try await StationDatabase.open(paths)
        for (minute, text) in texts.enumerated() {
            _ = try await database.add(
                NewReport(
                    sessionName: "Room 12", locale: "en-US",
                    created: Date(timeIntervalSince1970: 1_780_000_000 + Double(minute) * 60),
                    audioDuration: .seconds(20), audioFile: nil, text: text, author: Self.me))
        }
    }

    /// The station (its shell says USER=anna), with `editor` as $EDITOR ("" for the default, vi), on the report list.
    func start(editor: String = "true") throws -> TmuxSession {
        let tmux = try terminal.start(environment: ["USER": "anna", "EDITOR": editor, "PATH": "/usr/bin:/bin"])
        _ = try tmux.waitFor("Room 12")
        try tmux.send("Tab")
        _ = try tmux.waitFor("the report list") { $0.contains("Enter Open") }
        return tmux
    }

    /// Types a correction at the end of report #1's text in the in-place editor; it stays unsaved.
    func correctInPlace(_ tmux: TmuxSession) throws {
        try tmux.send("e", "C-End")
        try tmux.type(" A VITAL CORRECTION")
        _ = try tmux.waitFor("A VITAL CORRECTION")
    }

    /// Opens report #1 in real vi with `E` and puts a correction before its text; vi stays open.
    func correctInVi(_ tmux: TmuxSession) throws {
        try tmux.send("E")
        _ = try tmux.waitFor("vi on screen") { $0.contains("~") && !$0.contains("F10") }
        try tmux.type(":s/^/A VITAL EXTERNAL CORRECTION /")
        try tmux.send("Enter")
        _ = try tmux.waitFor("A VITAL EXTERNAL CORRECTION")
    }

    /// Report `id` as `reports --json` prints it.
    func report(_ id: Int) throws -> [String: Any]? {
        let listed = try terminal.run(["reports", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        return json.first { $0["id"] as? Int == id }
    }

    /// Signs report `id` straight in the database, as a station that takes no claim would.
    func signBehindTheClaim(_ id: Int64) async throws {
        _ = try await StationDatabase.open(paths).sign(
            id: id, by: "drvos", at: Date(timeIntervalSince1970: 1_780_001_000))
    }

    @Test("reports sign from another terminal is refused while the screen corrects in place; the correction saves")
    func signWhileCorrectingInPlace() async throws {
        try await seed(["The knee is swollen."])
        let tmux = try start()
        defer { tmux.shutDown() }
        try correctInPlace(tmux)
        let signed = try terminal.run(["reports", "sign", "1"])
        #expect(signed.status == 1, "\(signed.output)")
        #expect(signed.output.contains("Report 1 is being corrected by \(Self.me) on "), "\(signed.output)")
        #expect(!signed.output.contains("anna"), "the claim names the account, never $USER: \(signed.output)")
        #expect(signed.output.contains("Sign it when they are done."))
        try tmux.send("C-s")
        _ = try tmux.waitFor("Saved a new revision")
        let saved = try #require(try report(1))
        #expect(saved["text"] as? String == "The knee is swollen. A VITAL CORRECTION")
        #expect(saved["status"] as? String == "corrected", "not signed under the correction")
        _ = try tmux.waitFor("the editor closed") { !$0.contains("Ctrl-S") }
        #expect(try terminal.run(["reports", "sign", "1", "--yes"]).status == 0, "signed once the editor closed")
        try tmux.send("q", "q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("E with real vi: reports sign from another terminal is refused, and :wq saves the external correction")
    func signWhileCorrectingInVi() async throws {
        try await seed(["The knee is swollen."])
        let tmux = try start(editor: "")
        defer { tmux.shutDown() }
        try correctInVi(tmux)
        let signed = try terminal.run(["reports", "sign", "1"])
        #expect(signed.status == 1, "\(signed.output)")
        #expect(signed.output.contains("Report 1 is being corrected by \(Self.me) on "), "\(signed.output)")
        #expect(!signed.output.contains("anna"), "the claim names the account, never $USER: \(signed.output)")
        try tmux.type(":wq")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Saved a new revision")
        #expect(try report(1)?["text"] as? String == "A VITAL EXTERNAL CORRECTION The knee is swollen.")
        #expect(try report(1)?["status"] as? String == "corrected")
        #expect(try FileManager.default.contentsOfDirectory(atPath: editingFolder.path).isEmpty)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("a report signed behind the claim: Ctrl-S in place asks for the amendment's reason instead of refusing again")
    func signedBehindTheClaimInPlace() async throws {
        try await seed(["The knee is swollen."])
        let tmux = try start()
        defer { tmux.shutDown() }
        try correctInPlace(tmux)
        try await signBehindTheClaim(1)
        try tmux.send("C-s")
        _ = try tmux.waitFor("Why does the signed report change?")
        try tmux.type("the vital part was missing")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Saved an amendment of report #1")
        let amended = try #require(try report(1))
        #expect(amended["status"] as? String == "amended")
        #expect(amended["text"] as? String == "The knee is swollen. A VITAL CORRECTION")
        try tmux.send("q", "q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("a report signed behind the claim while vi edits it: :wq asks the reason, Esc keeps the text in the editor")
    func signedBehindTheClaimInVi() async throws {
        try await seed(["The knee is swollen."])
        let tmux = try start(editor: "")
        defer { tmux.shutDown() }
        try correctInVi(tmux)
        try await signBehindTheClaim(1)
        try tmux.type(":wq")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Why does the signed report change?")
        try tmux.send("Escape")
        _ = try tmux.waitFor("the text in the in-place editor") {
            $0.contains("Ctrl-S") && $0.contains("A VITAL EXTERNAL CORRECTION")
                && !$0.contains("Why does the signed report change?")
        }
        #expect(try report(1)?["status"] as? String == "signed", "nothing saved without a reason")
        try tmux.send("C-s")
        _ = try tmux.waitFor("Why does the signed report change?")
        try tmux.type("the vital part was missing")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Saved an amendment of report #1")
        #expect(try report(1)?["text"] as? String == "A VITAL EXTERNAL CORRECTION The knee is swollen.")
        try tmux.send("q", "q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("reports delete from another terminal is refused while the screen corrects the draft; its text saves")
    func deleteWhileCorrecting() async throws {
        try await seed(["The knee is swollen."])
        let tmux = try start()
        defer { tmux.shutDown() }
        try correctInPlace(tmux)
        // The other terminal: a real one, where a deletion could ask its question.
        let other = try TmuxSession(
            command: [TmuxSession.binary.path, "--data-dir", terminal.data, "reports", "delete", "1"],
            environment: ["XDG_RUNTIME_DIR": terminal.runtime.path, "TZ": "UTC"])
        defer { other.shutDown() }
        #expect(try other.waitForExit() == 1)
        // What it printed, its wrapped lines joined.
        let refusal = try other.run(["capture-pane", "-p", "-J", "-S", "-"])
        #expect(refusal.contains("Report 1 is being corrected by \(Self.me) on "), "\(refusal)")
        #expect(!refusal.contains("anna"), "the claim names the account, never $USER: \(refusal)")
        #expect(refusal.contains("It is not deleted while they correct it."), "\(refusal)")
        #expect(!refusal.contains("y deletes"), "no question about a report that is not deleted")
        #expect(try report(1) != nil)
        try tmux.send("C-s")
        _ = try tmux.waitFor("Saved a new revision")
        #expect(try report(1)?["text"] as? String == "The knee is swollen. A VITAL CORRECTION")
        try tmux.send("q", "q")
        #expect(try tmux.waitForExit() == 0)
    }
}
