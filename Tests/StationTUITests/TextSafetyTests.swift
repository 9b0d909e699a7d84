import StationCore
import Testing

@testable import StationTUI

@Suite("Text is sanitized and measured by display width")
struct TextSafetyTests {
    @Test("escape sequences and control characters become visible symbols")
    func controls() {
        let hostile = "Room\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\r\n\u{7F}\u{0}"
        let safe = SafeText.line(hostile)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(safe.hasPrefix("Room␛[2J␛]0;pwned␇"))
        #expect(safe.contains("␍␊"))
        #expect(safe.contains("␡"))
    }

    @Test("bidirectional overrides and line separators are replaced")
    func bidi() {
        let safe = SafeText.line("abc\u{202E}fed\u{2066}x\u{2028}y")
        #expect(safe == "abc\u{FFFD}fed\u{FFFD}x\u{FFFD}y")
    }

    @Test("multi-line text keeps its line breaks but nothing else")
    func lines() {
        #expect(SafeText.lines("one\ntwo\u{1B}\n") == ["one", "two␛", ""])
    }

    @Test("text for the command line keeps line breaks and tabs; a carriage return becomes visible")
    func commandLineText() {
        #expect(SafeText.text("a\tb\nc\r\u{1B}[2Jd\u{202E}") == "a\tb\nc␍␛[2Jd\u{FFFD}")
        #expect(SafeText.isUnsafe("\u{9B}") && SafeText.isUnsafe("\n") && !SafeText.isUnsafe("é"))
    }

    @Test(
        "characters take their display width",
        arguments: [
            // ❤️ is ❤ (one column) and VS16, which tmux does not widen: one column, as it draws it
            // (TerminalWideCharacterTests reads it back from tmux).
            ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("한", 2), ("😀", 2), ("❤️", 1), ("Ａ", 2), ("\u{200B}", 0),
        ])
    func widths(character: String, width: Int) {
        #expect(DisplayWidth.of(Character(character)) == width, "\(character)")
    }

    @Test("truncation counts columns, not characters, and never splits a wide character")
    func truncate() {
        let fit = TextFit()
        #expect(fit.truncate("日本語のテキスト", to: 7) == "日本語…")
        #expect(fit.width(fit.truncate("日本語のテキスト", to: 7)) <= 7)
        #expect(fit.truncate("short", to: 10) == "short")
        #expect(fit.pad("日本", to: 6) == "日本  ")
        #expect(fit.padLeft("ab", to: 4) == "  ab")
    }

    @Test("wrapping breaks at spaces and breaks words longer than a line")
    func wrap() {
        let fit = TextFit()
        #expect(fit.wrap("the patient is well today", width: 10) == ["the", "patient is", "well today"])
        #expect(fit.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"])
        #expect(fit.wrap("日本語のテキスト", width: 5) == ["日本", "語の", "テキ", "スト"])
    }
}
