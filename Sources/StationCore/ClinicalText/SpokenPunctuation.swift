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
    /// The word said before a text block's name to put its text in ("insert"); nil: no blocks.
    public var insertWord: String?
    /// The word said before a section's name to start it ("heading"); nil: no sections.
    public var headingWord: String?

    public init(
        locale: String, commands: [String: String], sentenceEnds: [String], words: [String: String] = [:],
        insertWord: String? = nil, headingWord: String? = nil
    ) {
        self.locale = locale
        self.commands = commands
        self.sentenceEnds = sentenceEnds
        self.words = words
        self.insertWord = insertWord
        self.headingWord = headingWord
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
    /// What a spoken command puts in the text.
    enum Command: Sendable, Equatable {
        /// A mark or a break, right after the word before it ("," "\n\n").
        case mark(String)
        /// A text block's text, as a passage of its own sentences.
        case block(String)
        /// A section's heading, on a paragraph of its own.
        case heading(String)
    }

    public let table: PunctuationTable
    private var commands: [[String]: Command]
    private var longestCommand: Int

    public init(table: PunctuationTable) {
        self.table = table
        var commands: [[String]: Command] = [:]
        for (phrase, text) in table.commands {
            commands[Self.words(of: phrase)] = .mark(text)
        }
        self.commands = commands
        longestCommand = commands.keys.map(\.count).max() ?? 0
    }

    /// The command phrases, each as its words (those of text blocks and sections too).
    public var commandPhrases: [[String]] {
        commands.keys.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    /// With the clinic's text blocks ("insert normal chest exam") and sections ("heading plan") as
    /// commands, where the locale has the words for them.
    public func adding(blocks: [TextBlock], sections: [String]) -> SpokenPunctuation {
        var extended = self
        if let insert = table.insertWord {
            for block in blocks { extended.commands[Self.words(of: insert) + block.words] = .block(block.text) }
        }
        if let heading = table.headingWord {
            for section in sections {
                let said = Self.words(of: section)
                guard !said.isEmpty else { continue }
                extended.commands[Self.words(of: heading) + said] = .heading(section)
            }
        }
        extended.longestCommand = extended.commands.keys.map(\.count).max() ?? 0
        return extended
    }

    /// A phrase's words as the decoder spells them: lower case, letters only ("Plan" → "plan").
    static func words(of phrase: String) -> [String] {
        phrase.lowercased().split { !($0.isLetter || $0 == "'") }.map(String.init)
    }

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
            if let (command, length) = command(at: index, in: words) {
                writer.append(command)
                index += length
                guard case .mark(let text) = command else { continue }
                if let breaks, index < words.count, self.command(at: index, in: words) == nil,
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
    private func command(at index: Int, in words: [SpokenWord]) -> (Command, Int)? {
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

        mutating func append(_ command: Command) {
            switch command {
            case .mark(let text): append(command: text)
            case .block(let text):
                while output.last == " " { output.removeLast() }
                if let last = output.last, !last.isNewline { output += " " }
                output += text
                endsInWord = false
                startsSentence = true
            case .heading(let name):
                while output.last == " " { output.removeLast() }
                if !output.isEmpty, !output.hasSuffix("\n\n") {
                    output += output.last?.isNewline == true ? "\n" : "\n\n"
                }
                output += name + ":\n"
                endsInWord = false
                startsSentence = true
            }
        }

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
