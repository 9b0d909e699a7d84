import Foundation
import StationTestSupport
import Testing

/// `E` with vi and nano leaves no edited text in the home folder: vim's `~/.viminfo` and nano's search
/// history would keep it there indefinitely, outside the data directory.
@Suite("Editors keep no patient text outside the data directory", .serialized)
struct TerminalEditorPrivacyTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("edit-privacy") }

    /// Imports one dictation as report #1 and opens the station with `editor` as $EDITOR ("" for vi).
    /// The XDG folders are in the test's HOME too: nano run as root takes its home from the password
    /// file, not $HOME, but follows them.
    func startWithReport(editor: String) throws -> TmuxSession {
        let imported = try terminal.run(["import", "--session", "Room 12", TerminalEditorTests.speech])
        try #require(imported.status == 0, "\(imported.output)")
        let tmux = try terminal.start(environment: [
            "EDITOR": editor, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": share.path,
        ])
        _ = try tmux.waitFor("Room 12")
        return tmux
    }

    var config: URL { terminal.directory.appendingPathComponent(".config") }
    var share: URL { terminal.directory.appendingPathComponent(".local/share") }

    /// The files under HOME (the test folder), outside the data directory, that hold `mark`.
    func filesOutsideData(holding mark: String) -> [String] {
        let home = terminal.directory.resolvingSymlinksInPath().path
        let data = URL(fileURLWithPath: terminal.data).resolvingSymlinksInPath().path
        guard let walk = FileManager.default.enumerator(atPath: home) else { return [] }
        return walk.compactMap { $0 as? String }.filter { relative in
            let path = home + "/" + relative
            guard path != data, !path.hasPrefix(data + "/") else { return false }
            guard let contents = FileManager.default.contents(atPath: path) else { return false }
            return String(decoding: contents, as: UTF8.self).contains(mark)
        }
    }

    @Test("vi (the default): after a substitution, a yank and a search, no ~/.viminfo or swap file holds the text")
    func vi() throws {
        let tmux = try startWithReport(editor: "")
        defer { tmux.shutDown() }
        try tmux.send("Tab", "E")
        _ = try tmux.waitFor("vi on screen") { $0.contains("~") && !$0.contains("F10") }
        try tmux.type(":s/^/VIWASHERE /")
        try tmux.send("Enter")
        _ = try tmux.waitFor("VIWASHERE")
        // A yank fills a register and a search the search history: vim's viminfo keeps both.
        try tmux.type("yy/VIWASHERE")
        try tmux.send("Enter")
        try tmux.type(":wq")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Saved a new revision")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        #expect(filesOutsideData(holding: "VIWASHERE") == [], "the edited line stays in the data directory")
    }

    @Test("nano with a nanorc that keeps history: after a search, no file in HOME holds the text")
    func nano() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/nano"), "install nano (scripts/test does)")
        // A user's nanorc that asks nano to keep search strings and cursor positions across runs (Debian's
        // /etc/nanorc asks for the history too), and the folder nano keeps them in.
        let nanorc = config.appendingPathComponent("nano/nanorc")
        try FileManager.default.createDirectory(
            at: nanorc.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try "set historylog\nset positionlog\n".write(to: nanorc, atomically: true, encoding: .utf8)
        let tmux = try startWithReport(editor: "nano")
        defer { tmux.shutDown() }
        try tmux.send("Tab", "E")
        _ = try tmux.waitFor("^X Exit")
        try tmux.type("NANOWASHERE ")
        try tmux.send("C-w")
        _ = try tmux.waitFor("Search")
        try tmux.type("NANOWASHERE")
        try tmux.send("Enter")
        try tmux.send("C-o")
        _ = try tmux.waitFor("File Name to Write")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Wrote")
        try tmux.send("C-x")
        _ = try tmux.waitFor("Saved a new revision")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        #expect(filesOutsideData(holding: "NANOWASHERE") == [], "the search string stays out of nano's history")
    }
}
