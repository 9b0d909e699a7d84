import Foundation
import StationTestSupport
import Testing

/// The clinical workflow on the real binary in tmux: a session's patient, type and priority; signing;
/// an amendment with its reason; the history; and one editor per report across two station processes.
@Suite("The clinical workflow in tmux", .serialized)
struct TerminalWorkflowTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("workflow") }

    static let speech = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav"

    func importReport() throws {
        let imported = try terminal.run(["import", "--session", "Room 12", Self.speech])
        try #require(imported.status == 0, "\(imported.output)")
    }

    /// Opens a station as `user`, with its own runtime directory (control socket), as another person would.
    /// (`USER` is set as another person's shell would set it: claims and signatures name the account, never it.)
    func start(as user: String) throws -> TmuxSession {
        let runtime = terminal.directory.appendingPathComponent("run-\(user)")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let tmux = try terminal.start(environment: ["USER": user, "LOGNAME": user, "XDG_RUNTIME_DIR": runtime.path])
        _ = try tmux.waitFor("Room 12")
        return tmux
    }

    /// Report #1 as `reports --json` prints it.
    func report() throws -> [String: Any] {
        let listed = try terminal.run(["reports", "--json"])
        try #require(listed.status == 0, "\(listed.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        return try #require(json.first)
    }

    /// The account the tests run as: the station signs as it, whatever `USER` says.
    static let account = getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "?"

    @Test(
        "n and Tab set patient, type and urgent; S signs as the account, not $USER; e on a signed report asks the reason"
    )
    func signAndAmend() throws {
        try importReport()
        let tmux = try start(as: "anna")
        defer { tmux.shutDown() }
        try tmux.send("n")
        _ = try tmux.waitFor("Tab: its patient")
        try tmux.type("Ward round")
        try tmux.send("Tab")
        // No report has a patient yet, so the name is asked at once (the picker of recent ones comes later).
        _ = try tmux.waitFor("Patient's name:")
        try tmux.type("Jansen")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Identifier (MRN) of Jansen:")
        try tmux.type("123456")
        try tmux.send("Enter")
        _ = try tmux.waitFor("LOINC 11506-3")
        try tmux.send("Down", "Enter")
        _ = try tmux.waitFor("listed first")
        try tmux.send("Down", "Enter")
        _ = try tmux.waitFor("Created Ward round for Jansen (MRN 123456), referral letter, urgent.")

        // S signs from the report view, once the report is open.
        try tmux.send("Tab", "Enter")
        _ = try tmux.waitFor("Report #1 ·")
        try tmux.send("S")
        _ = try tmux.waitFor("as \(Self.account)?")
        try tmux.send("Enter")
        _ = try tmux.waitFor("dialog closed") { !$0.contains("as \(Self.account)?") }
        #expect(try report()["status"] as? String == "draft", "Enter never signs")
        try tmux.send("S")
        _ = try tmux.waitFor("as \(Self.account)?")
        try tmux.send("y")
        _ = try tmux.waitFor("Signed report #1 as \(Self.account).")
        #expect(try report()["status"] as? String == "signed")
        #expect(try report()["signedBy"] as? String == Self.account)

        try tmux.send("e")
        _ = try tmux.waitFor("Ctrl-S")
        try tmux.type("AMENDED ")
        try tmux.send("C-s")
        _ = try tmux.waitFor("Why does the signed report change?")
        try tmux.send("Enter")
        _ = try tmux.waitFor("only with a reason")
        try tmux.type("name misheard")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Saved an amendment of report #1")
        let amended = try report()
        #expect(amended["status"] as? String == "amended")
        #expect((amended["text"] as? String)?.hasPrefix("AMENDED ") == true)
        let screen = try tmux.waitFor("amended by \(Self.account): name misheard")
        #expect(screen.contains("Signed by \(Self.account) on"))
        #expect(screen.contains("signed by \(Self.account)"))
        // Later, `i` offers Jansen as a recent patient.
        try tmux.send("Escape", "Tab", "i")
        _ = try tmux.waitFor("Patient for \"Ward round\"")
        #expect(try tmux.screen().contains("Jansen (123456)"))
        try tmux.send("Escape", "q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("two stations on one data directory: while anna corrects a report, bob is told so; after her, he can")
    func oneEditorAcrossStations() throws {
        try importReport()
        let anna = try start(as: "anna")
        defer { anna.shutDown() }
        let bob = try start(as: "bob")
        defer { bob.shutDown() }
        try anna.send("Tab", "e")
        _ = try anna.waitFor("Ctrl-S")
        try bob.send("Tab", "e")
        let refused = try bob.waitFor("Report 1 is being corrected by \(Self.account) on")
        #expect(!refused.contains("by anna"), "the claim names the account, not $USER")
        #expect(!refused.contains("Ctrl-S Save"), "bob's editor did not open")
        try bob.send("E")
        _ = try bob.waitFor("second refusal") {
            $0.components(separatedBy: "being corrected by \(Self.account)").count > 2
                && !$0.contains("No changes to save")
        }
        try bob.send("S")
        _ = try bob.waitFor("Sign report #1?")
        try bob.send("y")
        _ = try bob.waitFor("Sign it when they are done.")
        #expect(try report()["status"] as? String == "draft", "no one signs a text being corrected")
        try anna.send("Escape")
        _ = try anna.waitFor("editor closed") { !$0.contains("Ctrl-S") }
        try bob.send("e")
        _ = try bob.waitFor("Ctrl-S")
        try bob.type("BOB ")
        try bob.send("C-s")
        _ = try bob.waitFor("Saved a new revision")
        #expect((try report()["text"] as? String)?.hasPrefix("BOB ") == true)
        try anna.send("q", "q")  // the report view, then the station
        #expect(try anna.waitForExit() == 0)
        try bob.send("Escape", "q")
        #expect(try bob.waitForExit() == 0)
    }
}
