import Foundation
import StationTestSupport
import Testing

/// Correcting a report in a real terminal: `E` with the interactive editors people have (vi, nano), and
/// the in-place editor's rows and line keys, on the real binary in tmux.
@Suite("Editing reports in tmux", .serialized)
struct TerminalEditorTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("edit") }

    static let speech = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav"

    /// Imports one dictation as report #1 and opens the station with `editor` as $EDITOR ("" for the default, vi).
    func startWithReport(editor: String) throws -> TmuxSession {
        let imported = try terminal.run(["import", "--session", "Room 12", Self.speech])
        try #require(imported.status == 0, "\(imported.output)")
        let tmux = try terminal.start(environment: ["EDITOR": editor, "PATH": "/usr/bin:/bin"])
        _ = try tmux.waitFor("Room 12")
        return tmux
    }

    /// Report #1's current text, through `reports --json`.
    func reportText() throws -> String {
        let listed = try terminal.run(["reports", "--json"])
        try #require(listed.status == 0, "\(listed.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        return try #require(json.first?["text"] as? String)
    }

    var editingFolder: URL { URL(fileURLWithPath: terminal.data).appendingPathComponent("editing") }

    /// The editor's copy, while it runs: in the data directory's private folder, never in /tmp.
    func expectPrivateCopy() throws {
        // vim keeps its swap file beside the copy, in the same private folder.
        let files = try FileManager.default.contentsOfDirectory(atPath: editingFolder.path).filter {
            $0.hasPrefix("edit-")
        }
        #expect(files.count == 1, "one copy while the editor runs: \(files)")
        let folder = try FileManager.default.attributesOfItem(atPath: editingFolder.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        if let file = files.first {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: editingFolder.appendingPathComponent(file).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
    }

    /// After the editor: a new revision is saved, the station still runs, and no copy is left.
    func expectSavedAndRunning(_ tmux: TmuxSession, containing mark: String) throws {
        _ = try tmux.waitFor("Saved a new revision")
        #expect(try reportText().contains(mark))
        #expect(try tmux.screen().contains("F10"), "the station is still on screen")
        #expect(!FileManager.default.fileExists(atPath: tmux.statusFile.path), "the station did not exit")
        #expect(try FileManager.default.contentsOfDirectory(atPath: editingFolder.path).isEmpty)
    }

    @Test("E with no $EDITOR runs real vi: :s/…/…/ and :wq save a revision and the station keeps running")
    func vi() throws {
        let tmux = try startWithReport(editor: "")
        defer { tmux.shutDown() }
        try tmux.send("Tab", "E")
        // The keys below are vi's only once vi has the screen; before, the station would take them.
        _ = try tmux.waitFor("vi on screen") { $0.contains("~") && !$0.contains("F10") }
        try expectPrivateCopy()
        try tmux.type(":s/^/VIWASHERE /")
        try tmux.send("Enter")
        _ = try tmux.waitFor("VIWASHERE")
        try tmux.type(":wq")
        try tmux.send("Enter")
        try expectSavedAndRunning(tmux, containing: "VIWASHERE ")
        // Keys go to the station again.
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("E with nano: type, write out, exit; the revision holds the edit and the station keeps running")
    func nano() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/nano"), "install nano (scripts/test does)")
        let tmux = try startWithReport(editor: "nano")
        defer { tmux.shutDown() }
        try tmux.send("Tab", "E")
        _ = try tmux.waitFor("^X Exit")
        try expectPrivateCopy()
        try tmux.type("NANOWASHERE ")
        try tmux.send("C-o")
        _ = try tmux.waitFor("File Name to Write")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Wrote")
        try tmux.send("C-x")
        try expectSavedAndRunning(tmux, containing: "NANOWASHERE ")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("a copy left by a station that died in its editor is removed at the next start")
    func leftoverCopy() throws {
        try FileManager.default.createDirectory(at: editingFolder, withIntermediateDirectories: true)
        let leftover = editingFolder.appendingPathComponent("edit-4194999-0000.txt")
        try Data("patient text".utf8).write(to: leftover)
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("a row that fills the editor's width shows its last character; End, Enter ends the line, not the row")
    func editorRows() throws {
        let tmux = try startWithReport(editor: "true")
        defer { tmux.shutDown() }
        let original = try reportText()
        let long = " and then" + String(repeating: " the patient slept well", count: 6)
        try tmux.resize(rows: 30, columns: 60)
        try tmux.send("Tab", "Enter")
        _ = try tmux.waitFor("Report #1")
        // The text's end, and a sentence that wraps over several rows.
        try tmux.send("e", "C-End")
        try tmux.type(long)
        // Home and End of the whole line as written, though it wraps over several rows.
        try tmux.send("C-Home", "End", "Enter")
        try tmux.type("NEXT")
        // A new line whose first row is exactly as wide as the editor (58 columns), then a space.
        try tmux.send("C-End", "Enter")
        try tmux.type(String(repeating: "x", count: 57) + "Z tail")
        let screen = try tmux.waitFor("tail")
        #expect(screen.contains(String(repeating: "x", count: 57) + "Z│"), "the last character shows:\n\(screen)")
        #expect(!screen.contains("x…"))
        try tmux.send("C-s")
        _ = try tmux.waitFor("Saved a new revision")
        try tmux.send("q")
        let expected = original + long + "\nNEXT\n" + String(repeating: "x", count: 57) + "Z tail"
        #expect(try reportText() == expected)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("the terminal hanging up while the editor runs ends the station too (SIGHUP goes to the editor only)")
    func hangUpDuringEditor() throws {
        let tmux = try startWithReport(editor: "")
        try tmux.send("Tab", "E")
        _ = try tmux.waitFor("vi on screen") { $0.contains("~") && !$0.contains("F10") }
        let pid = try tmux.programPID()
        // The terminal goes away, as when an SSH connection drops.
        tmux.shutDown()
        try? blockUntil("the station to end") { !FileManager.default.fileExists(atPath: "/proc/\(pid)") }
        let alive = FileManager.default.fileExists(atPath: "/proc/\(pid)")
        if alive { _ = try? TmuxSession.spawn(["/bin/kill", "-KILL", pid], captureOutput: true) }
        #expect(!alive, "the station did not stay behind without a terminal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: editingFolder.path).isEmpty, "no copy left")
    }
}
