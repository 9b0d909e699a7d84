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
/// a capital letter, and the command words themselves disappear. Given where the words were said, it
/// also ends sentences and paragraphs where the speaker paused (`SentenceBreaks`).
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

    /// The command phrases of the table, each as its words.
    public var commandPhrases: [[String]] { Array(commands.keys) }

    /// The text for decoded `words` (lower case, as the decoder gives them), without pauses: the live
    /// pane's partial text.
    public func format(_ words: [String]) -> String {
        let spoken = words.map { SpokenWord(text: $0, start: .zero, end: .zero) }
        return format(spoken, breaks: nil)
    }

    /// Formats a space-separated hypothesis.
    public func format(hypothesis: String) -> String {
        format(hypothesis.split(separator: " ").map(String.init))
    }

    /// The text of a finished dictation: commands, and sentence and paragraph ends where the speaker
    /// paused after a complete phrase (`breaks`); the last sentence ends with a full stop.
    public func format(_ words: [SpokenWord], breaks: SentenceBreaks?) -> String {
        let words = CommandToken.expanded(words)
        var writer = Writer(table: table)
        var index = 0
        while index < words.count {
            if let (text, length) = command(at: index, in: words) {
                writer.append(command: text)
                index += length
                if let breaks, index < words.count, command(at: index, in: words) == nil,
                    table.sentenceEnds.contains(where: text.hasSuffix),
                    breaks.pause(after: words[index - 1], before: words[index]) >= breaks.paragraphPause
                {
                    writer.append(command: "\n\n")
                }
                continue
            }
            writer.append(word: words[index].text)
            index += 1
            // Commands win: no mark of its own next to a spoken one.
            guard let breaks, index < words.count, command(at: index, in: words) == nil else { continue }
            switch breaks.decide(after: words[index - 1], before: words[index]) {
            case .none: break
            case .sentence: writer.append(command: ".")
            case .paragraph: writer.append(command: ".\n\n")
            }
        }
        if breaks != nil, writer.endsInWord { writer.append(command: ".") }
        return writer.output.trimmingCharacters(in: .whitespaces)
    }

    /// The longest command starting at `index`, with the number of words it spans.
    private func command(at index: Int, in words: [SpokenWord]) -> (String, Int)? {
        let available = min(longestCommand, words.count - index)
        guard available > 0 else { return nil }
        for length in stride(from: available, through: 1, by: -1) {
            let phrase = words[index..<index + length].map { $0.text.lowercased() }
            if let text = commands[phrase] { return (text, length) }
        }
        return nil
    }

    /// The text as it grows: words joined by spaces, marks after them, capitals where sentences start.
    private struct Writer {
        let table: PunctuationTable
        var output = ""
        /// Whether the next word starts a sentence: at the start, and after a sentence's mark or a
        /// break (not after a word of the decoder's that ends in a dot, such as "p.m.").
        var startsSentence = true
        var endsInWord = false

        init(table: PunctuationTable) { self.table = table }

        mutating func append(command text: String) {
            while output.last == " " { output.removeLast() }
            // A mark or break with nothing before it has nothing to punctuate.
            guard !output.isEmpty else { return }
            output += text
            endsInWord = false
            if text.last?.isNewline == true || table.sentenceEnds.contains(where: text.hasSuffix) {
                startsSentence = true
            }
        }

        mutating func append(word: String) {
            var written = table.words[word.lowercased()] ?? word
            if startsSentence { written = capitalized(written) }
            if let last = output.last, !last.isNewline { output += " " }
            output += written
            startsSentence = false
            endsInWord = true
        }

        private func capitalized(_ word: String) -> String {
            guard let first = word.first else { return word }
            return first.uppercased() + word.dropFirst()
        }
    }
}
