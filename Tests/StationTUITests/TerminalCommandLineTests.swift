import Foundation
import StationTestSupport
import Testing

/// A wrong command line typed in a real terminal: the error must stay on screen.
@Suite("A wrong command line in tmux", .serialized)
struct TerminalCommandLineTests {
    @Test("the error and that subcommand's usage fit a 24-row terminal; help SUBCOMMAND prints it alone")
    func wrongOption() throws {
        let line = TmuxSession.quote(TmuxSession.binary.path) + " reports --bogus; exec sleep 60"
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", line], environment: [:], rows: 24, columns: 100)
        defer { tmux.shutDown() }
        // Wait for the end of what it prints (today's last line, or the whole usage's), then look for the error.
        let screen = try tmux.waitFor("the whole output") { $0.contains("More: ") || $0.contains("Exit status:") }
        #expect(screen.contains("unknown option '--bogus'"), "the error is still on screen:\n\(screen)")
        #expect(screen.contains("reports show ID"), "the usage of reports follows:\n\(screen)")
        #expect(!screen.contains("models install"), "not the other subcommands':\n\(screen)")

        let run = try StationBinary.run(["reports", "--bogus"])
        #expect(run.status == 2)
        #expect(run.standardError.split(separator: "\n").count <= 15, "\(run.standardError)")
        #expect(run.standardError.contains("dictation-station help reports"))

        let help = try StationBinary.run(["help", "status"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("status [--json]"))
        #expect(!help.standardOutput.contains("reports show"))
        let unknown = try StationBinary.run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.split(separator: "\n").count <= 5, "\(unknown.standardError)")
    }
}
