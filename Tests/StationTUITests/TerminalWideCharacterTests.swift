import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// Wide characters and emoji measured as the terminal draws them: tmux itself is the judge, through
/// where its cursor stands after printing a text, and through where it wraps the `reports` table.
@Suite("Wide characters and emoji in tmux: widths as the terminal has them, tables that stay straight", .serialized)
struct TerminalWideCharacterTests {
    static let samples = [
        "Jan ❤️ Jansen", "Bed 4 😀", "Dr 👩‍⚕️ Okafor", "🇳🇱 Kamer 3", "José Müller", "王小明", "👍🏽 ok", "Zoë",
        "e\u{301}", "한국어",
    ]

    @Test("DisplayWidth says what tmux's cursor says after each text", arguments: samples)
    func widthAsTmux(_ sample: String) throws {
        let tmux = try TmuxSession(
            command: ["sh", "-c", "printf '%s' \"$SAMPLE\"; sleep 30"],
            environment: ["SAMPLE": sample, "LANG": "C.UTF-8", "TERM": "screen-256color"], rows: 5, columns: 60)
        defer { tmux.shutDown() }
        _ = try tmux.waitFor("the sample printed") { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        let cursor = try #require(Int(try tmux.format("#{cursor_x}").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(DisplayWidth.of(sample) == cursor, "\(sample): \(DisplayWidth.of(sample)) columns, tmux \(cursor)")
    }

    @Test("the reports table keeps its columns straight whatever the names hold")
    func tableStraight() async throws {
        let terminal = try StationInTmux("wide")
        let names = ["Anna Jansen"] + Self.samples
        for (index, name) in names.enumerated() {
            try await ListSeeding.report(
                "Text \(index).", patient: Patient(name: name, identifier: "MRN\(100 + index)"),
                session: name + " room",
                created: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60), to: terminal.data)
        }
        // Where the STATUS column begins, in cells: the plain ASCII header has one character per cell.
        let table = try terminal.run(["reports"]).output
        let header = try #require(table.split(separator: "\n").first.map(String.init))
        let status = try #require(header.range(of: "STATUS")).lowerBound.utf16Offset(in: header)
        // tmux wraps each row at that cell: every continuation line then starts with the status.
        let tmux = try TmuxSession(
            command: [TmuxSession.binary.path, "--data-dir", terminal.data, "reports"],
            environment: ["LANG": "C.UTF-8", "TZ": "UTC", "TERM": "screen-256color"], rows: 60, columns: status)
        defer { tmux.shutDown() }
        _ = try tmux.waitForExit()
        let lines = try tmux.screen().split(separator: "\n").map(String.init)
        let continued = lines.filter { $0.contains("draft") }
        #expect(continued.count == names.count, "\(lines.joined(separator: "\n"))")
        for line in continued {
            #expect(line.hasPrefix("draft "), "a row shifted: \(line)\n\(lines.joined(separator: "\n"))")
        }
    }
}
