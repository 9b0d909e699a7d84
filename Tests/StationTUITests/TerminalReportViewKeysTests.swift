import Foundation
import StationTestSupport
import StationTestTraits
import Testing

/// A key acts on what the person is looking at, or does nothing and says why: over an open report, Space
/// must not start a recording in the session selected behind it, another patient's (issue 23, item 2).
/// The real binary in tmux, with a real audio server, so a recording started by mistake really runs.
@Suite("Keys over an open report in tmux", .serialized, .audioServer)
struct TerminalReportViewKeysTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("viewkeys") }

    static let speech = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav"

    @Test("Space over Anna Jansen's report records nothing in Mr de Vries' session, and says where Space records")
    func spaceOverReport() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let imported = try terminal.run(["import", "--session", "Room 12 - Anna Jansen", Self.speech])
        try #require(imported.status == 0, "\(imported.output)")
        try await PulseTestServer.withSineSource { source in
            var environment = ["PULSE_SOURCE": source]
            if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
            let tmux = try terminal.start(environment: environment)
            defer { tmux.shutDown() }
            // Mr de Vries' session is made and selected in the sessions list.
            try tmux.send("n")
            _ = try tmux.waitFor("New session")
            try tmux.type("Room 14 - Mr de Vries")
            try tmux.send("Enter")
            _ = try tmux.waitFor("the new session") { !$0.contains("New session") && $0.contains("Mr de Vries") }
            try tmux.send("Tab", "Enter")
            let keyBar = { (screen: String) in screen.split(separator: "\n").last.map(String.init) ?? "" }
            // The title comes before the key bar in a frame: wait for the whole report view, its keys too.
            let opened = try tmux.waitFor("the report view with its keys") {
                $0.contains("Report #1 · Room 12 - Anna Jansen") && keyBar($0).contains("Esc Close")
            }
            #expect(!keyBar(opened).contains("Space"), "the report view's key bar offers no Space:\n\(opened)")
            try tmux.send("Space")
            let answered = try tmux.waitFor("an answer to Space") {
                $0.contains("● REC") || $0.contains("Space records from the sessions pane")
            }
            #expect(!answered.contains("● REC"), "Space over the report recorded:\n\(answered)")
            #expect(answered.contains("Space records from the sessions pane. Esc closes the report."))
            #expect(answered.contains("Report #1 · Room 12 - Anna Jansen"), "the report stays open")
            #expect(keyBar(answered).contains("Esc Close") && !keyBar(answered).contains("Space"), "\(answered)")
            let status = try terminal.run(["status"]).output
            #expect(!status.hasPrefix("● REC"), "nothing records: \(status)")

            // In the report list neither: Space says where it records.
            try tmux.send("Escape")
            _ = try tmux.waitFor("the main screen") { $0.contains("Sessions") && !$0.contains("Report #1 ·") }
            try tmux.send("Space")
            let inList = try tmux.waitFor("Space records from the sessions pane. Tab goes there.")
            #expect(!inList.contains("● REC") && !keyBar(inList).contains("Space"), "\(inList)")
            #expect(!(try terminal.run(["status"]).output.hasPrefix("● REC")))

            // In the sessions list, Space records the session shown there.
            try tmux.send("Tab")
            _ = try tmux.waitFor("the sessions' keys") { $0.contains("F2 New") }
            #expect(keyBar(try tmux.screen()).contains("Space Record"))
            try tmux.send("Space")
            _ = try tmux.waitFor("RECORDING")
            let recording = try terminal.run(["status"]).output
            #expect(recording.hasPrefix("● REC") && recording.hasSuffix("Room 14 - Mr de Vries"), "\(recording)")
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try tmux.send("d")
            _ = try tmux.waitFor("Discard dictation?")
            try tmux.send("y")
            _ = try tmux.waitFor("Discarded the dictation of \"Room 14 - Mr de Vries\"")
            try tmux.send("q")
            #expect(try tmux.waitForExit() == 0)
        }
    }
}
