import Foundation
import StationTestSupport
import Testing

/// The high-contrast theme (`--high-contrast`) as tmux draws it, read from the pane's SGR sequences
/// (`capture-pane -e`): tmux writes each attribute and colour as a sequence of its own.
@Suite("The high-contrast theme in tmux", .serialized)
struct TerminalThemeTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("theme") }

    /// The screen with its attributes, once "No sessions yet." (a dim hint in the standard theme) shows.
    func attributes(_ arguments: [String]) throws -> String {
        let tmux = try terminal.start(arguments)
        defer { tmux.shutDown() }
        _ = try tmux.waitFor("No sessions yet.")
        return try tmux.screen(escapes: true)
    }

    @Test("nothing dimmed, white on black, the focused pane's title black on yellow, the title black on white")
    func highContrast() throws {
        let standard = try attributes([])
        let high = try attributes(["--high-contrast"])
        let dim = "\u{1B}[2m"
        // The standard theme dims the hints: the check below would catch a dim high-contrast theme.
        #expect(standard.contains(dim + "No sessions yet."))
        #expect(!standard.contains("\u{1B}[43m"))
        #expect(!high.contains(dim), "the high-contrast theme dims nothing")
        #expect(!high.contains(dim + "No sessions yet."))
        // The title bar: bold black on white; the pane with focus: bold black on yellow; the rest white on black.
        #expect(high.contains("\u{1B}[1m\u{1B}[30m\u{1B}[47m Dictation Station"))
        #expect(high.contains("\u{1B}[1m\u{1B}[30m\u{1B}[43m Sessions"))
        #expect(high.contains("\u{1B}[37m\u{1B}[40m"))
        #expect(high.contains("No sessions yet."))
    }
}
