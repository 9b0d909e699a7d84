import Foundation

/// A locale's spoken punctuation and layout, kept as data (`Resources/punctuation/<locale>.json`, or
/// `punctuation.json` in an installed model's folder).
public struct PunctuationTable: Codable, Sendable, Equatable {
    public var locale: String
    /// Spoken phrase (lower case, words separated by one space) → the text it stands for.
    public var commands: [String: String]
    /// Marks after which a sentence starts.
    public var sentenceEnds: [String]
    /// Words always written another way, for example English "i" → "I".
    public var words: [String: String]

    public init(locale: String, commands: [String: String], sentenceEnds: [String], words: [String: String] = [:]) {
        self.locale = locale
        self.commands = commands
        self.sentenceEnds = sentenceEnds
        self.words = words
    }

    /// No commands: words are only joined and sentences capitalized.
    public static func plain(locale: String) -> PunctuationTable {
        PunctuationTable(locale: locale, commands: [:], sentenceEnds: [".", "?", "!"])
    }
}

/// Turns decoded words into text: spoken commands become marks and line breaks, sentences start with
/// a capital letter, and the command words themselves disappear.
public struct SpokenPunctuation: Sendable {
    public let table: PunctuationTable
    private let commands: [[String]: String]
    private let longestCommand: Int

    public init(table: PunctuationTable) {
        self.table = table
        var commands: [[String]: String] = [:]
        for (phrase, text) in table.commands {
            commands[phrase.lowercased().split(separator: " ").map(String.init)] = text
        }
        self.commands = commands
        longestCommand = commands.keys.map(\.count).max() ?? 0
    }

    /// The text for decoded `words` (lower case, as the decoder gives them).
    public func format(_ words: [String]) -> String {
        var output = ""
        var index = 0
        while index < words.count {
            if let (text, length) = command(at: index, in: words) {
                append(command: text, to: &output)
                index += length
            } else {
                append(word: words[index], to: &output)
                index += 1
            }
        }
        return output.trimmingCharacters(in: .whitespaces)
    }

    /// Formats a space-separated hypothesis.
    public func format(hypothesis: String) -> String {
        format(hypothesis.split(separator: " ").map(String.init))
    }

    /// The longest command starting at `index`, with the number of words it spans.
    private func command(at index: Int, in words: [String]) -> (String, Int)? {
        let available = min(longestCommand, words.count - index)
        guard available > 0 else { return nil }
        for length in stride(from: available, through: 1, by: -1) {
            let phrase = words[index..<index + length].map { $0.lowercased() }
            if let text = commands[phrase] { return (text, length) }
        }
        return nil
    }

    private func append(command text: String, to output: inout String) {
        while output.last == " " { output.removeLast() }
        // A mark or break with nothing before it has nothing to punctuate.
        guard !output.isEmpty else { return }
        output += text
    }

    private func append(word: String, to output: inout String) {
        var written = table.words[word.lowercased()] ?? word
        if startsSentence(output) { written = capitalized(written) }
        if let last = output.last, !last.isNewline { output += " " }
        output += written
    }

    private func startsSentence(_ output: String) -> Bool {
        guard let last = output.last else { return true }
        if last.isNewline { return true }
        return table.sentenceEnds.contains { output.hasSuffix($0) }
    }

    private func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
