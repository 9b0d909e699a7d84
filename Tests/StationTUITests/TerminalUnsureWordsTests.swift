import Foundation
import StationTestSupport
import Testing

/// A real recording imported and opened in the real binary in tmux: the words the decoder was unsure of
/// are underlined, and `w` jumps to them.
@Suite("Unsure words in tmux", .serialized)
struct TerminalUnsureWordsTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("unsure") }

    @Test("import a dictation, open it: its unsure words are underlined; w selects the first, W the last")
    func jumps() throws {
        let folder = try AudioFixtures.temporaryDirectory("unsure")
        defer { try? FileManager.default.removeItem(at: folder) }
        let speech = folder.appendingPathComponent("dictation.wav")
        try AudioFixtures.speak(TranscribeWordsCommandSentence.text, to: speech)
        let imported = try terminal.run(["import", "--session", "Room 12", speech.path])
        try #require(imported.status == 0, "\(imported.output)")

        // The stored words, from the JSON export: the unsure ones are what the screen must mark.
        let exported = try terminal.run(["reports", "export", "1", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [String: Any])
        let words = try #require(json["words"] as? [[String: Any]], "words in the export: \(exported.output)")
        let unsure = words.filter { ($0["confidence"] as? Double ?? 1) < 0.3 }.compactMap { $0["text"] as? String }
        try #require(!unsure.isEmpty, "the recording has words the decoder was unsure of: \(words)")

        let tmux = try terminal.start(["--no-color"])
        defer { tmux.shutDown() }
        _ = try tmux.waitFor("Room 12")
        try tmux.send("Tab", "Enter")
        let opened = try tmux.waitFor("the unsure words counted") { $0.contains(" unsure word") && $0.contains("(w)") }
        let count = try #require(Self.number(before: " unsure word", in: opened), "\(opened)")
        #expect(count >= 1 && count <= unsure.count, "\(count) marked of \(unsure)")
        let underlined = Self.marked(try tmux.screen(escapes: true), attribute: "4")
        #expect(!underlined.isEmpty && underlined.allSatisfy { unsure.contains($0.lowercased()) }, "\(underlined)")

        try tmux.send("w")
        let first = try tmux.waitFor("unsure word 1 of \(count):")
        #expect(first.contains("w Unsure word"), "the key bar offers w: \(first)")
        let selected = Self.marked(try tmux.screen(escapes: true), attribute: "7").filter {
            unsure.contains($0.lowercased())
        }
        #expect(selected.count == 1, "one word stands out, reversed: \(selected)")
        try tmux.send("W")
        _ = try tmux.waitFor("unsure word \(count) of \(count):")
        try tmux.send("q")
        _ = try tmux.waitFor("Reports")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    /// The words written right after an SGR sequence that turns `attribute` on (4 underline, 7 reverse).
    static func marked(_ screen: String, attribute: String) -> [String] {
        screen.components(separatedBy: "\u{1B}[").dropFirst().compactMap { part in
            guard let end = part.firstIndex(of: "m") else { return nil }
            guard part[..<end].split(separator: ";").contains(Substring(attribute)) else { return nil }
            let word = part[part.index(after: end)...].prefix { $0.isLetter || $0 == "'" }
            return word.isEmpty ? nil : String(word)
        }
    }

    /// The number right before `marker` in `text`.
    static func number(before marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        return Int(String(text[..<range.lowerBound].reversed().prefix { $0.isNumber }.reversed()))
    }
}

/// The dictation the `--words` and tmux tests speak: spoken punctuation and a misheard word or two.
enum TranscribeWordsCommandSentence {
    static let text = "the patient has pain in the left knee period new paragraph the knee is swollen period"
}
