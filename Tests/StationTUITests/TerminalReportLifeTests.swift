import Foundation
import StationTestSupport
import Testing

/// Taking a report out of use in a real terminal: R marks it entered in error (the reason, then y), the
/// list leaves it out until a shows it, and D deletes a draft of yours after a question; the command
/// line beside the station then says what happened, by whom.
@Suite("Entered in error and draft deletion in tmux", .serialized)
struct TerminalReportLifeTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("life") }

    static let speech = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav"
    static let me = getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "?"

    @Test("R enters the report in error, a shows it with who and why, D deletes a draft after a question")
    func enterInErrorAndDelete() throws {
        let imported = try terminal.run(["import", "--session", "Room 12", Self.speech, Self.speech])
        try #require(imported.status == 0, "\(imported.output)")
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        // The list is read after the first frame: both reports must be in it before Down can reach #1.
        _ = try tmux.waitFor("both reports listed") { $0.components(separatedBy: "draft").count == 3 }
        try tmux.send("Tab", "Down")  // report #1, the older one
        _ = try tmux.waitFor("the report list") { $0.contains("Enter Open") }
        try tmux.send("R")
        _ = try tmux.waitFor("What is wrong with it?")
        try tmux.type("wrong patient")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Mark report #1 entered in error?")
        try tmux.send("y")
        _ = try tmux.waitFor("Report #1 is entered in error: kept")
        let hidden = try tmux.waitFor("one report left in the list") { $0.components(separatedBy: "draft").count == 2 }
        #expect(!hidden.contains("in error too"), "\(hidden)")
        try tmux.send("a")
        let shown = try tmux.waitFor("Reports · in error too")
        #expect(shown.contains("in error"), "the row says so:\n\(shown)")
        let listed = try terminal.run(["reports"])
        #expect(!listed.output.contains("in error"), "reports leaves it out:\n\(listed.output)")
        #expect(try terminal.run(["reports", "--all"]).output.contains("in error"))
        let show = try terminal.run(["reports", "show", "1"])
        #expect(show.output.contains("Status:   draft, ENTERED IN ERROR"), "\(show.output)")
        #expect(show.output.contains("by \(Self.me): wrong patient"))

        // #2, the newest, is a draft of this user's: D asks, and only y deletes it.
        try tmux.send("Home", "D")
        _ = try tmux.waitFor("Delete draft report #2?")
        try tmux.send("Enter")
        _ = try tmux.waitFor("the question closed") { !$0.contains("Delete draft report #2?") }
        #expect(try terminal.run(["reports", "show", "2"]).status == 0, "Enter never deletes")
        try tmux.send("D")
        _ = try tmux.waitFor("Delete draft report #2?")
        try tmux.send("y")
        _ = try tmux.waitFor("Deleted draft report #2")
        let gone = try terminal.run(["reports", "show", "2"])
        #expect(gone.status == 1)
        #expect(gone.output.contains("Report 2 (draft, session \"Room 12\""), "\(gone.output)")
        #expect(gone.output.contains("was deleted by \(Self.me) on "), "\(gone.output)")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
