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
    /// Words after which a spoken mark is the word itself, never a mark: "the colon", "a period",
    /// "sigmoid colon" (nil: none).
    public var noMarkAfter: [String]?
    /// Commands that are also ordinary words ("period", "colon"). Where the decoder has them as command
    /// words of their own (`CommandToken`), they are commands only when decoded as one; decoded as the
    /// ordinary word, as the language model weighed it ("her last menstrual period"), they are that word.
    public var alsoWords: [String]?

    public init(
        locale: String, commands: [String: String], sentenceEnds: [String], words: [String: String] = [:],
        insertWord: String? = nil, headingWord: String? = nil, noMarkAfter: [String]? = nil,
        alsoWords: [String]? = nil
    ) {
        self.locale = locale
        self.commands = commands
        self.sentenceEnds = sentenceEnds
        self.words = words
        self.insertWord = insertWord
        self.headingWord = headingWord
        self.noMarkAfter = noMarkAfter
        self.alsoWords = alsoWords
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
    /// The phrases the decoder has as command words of their own (`CommandToken`); those of them that
    /// are also ordinary words (`PunctuationTable.alsoWords`) are commands only where decoded as one.
    public var heardAsCommandWords: Set<[String]> = [] {
        didSet { onlyAsCommandWords = heardAsCommandWords.intersection(alsoWords) }
    }
    private var onlyAsCommandWords: Set<[String]> = []
    private let alsoWords: Set<[String]>
    private let noMarkAfter: Set<String>

    public init(table: PunctuationTable) {
        self.table = table
        var commands: [[String]: Command] = [:]
        for (phrase, text) in table.commands {
            commands[Self.words(of: phrase)] = .mark(text)
        }
        self.commands = commands
        longestCommand = commands.keys.map(\.count).max() ?? 0
        noMarkAfter = Set((table.noMarkAfter ?? []).map { $0.lowercased() })
        alsoWords = Set((table.alsoWords ?? []).map(Self.words(of:)))
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
        let saidAsCommandWords = Self.commandWordSpans(in: words)
        let words = CommandToken.expanded(words)
        let commandAt = { (index: Int) in self.command(at: index, in: words, commandWords: saidAsCommandWords) }
        var writer = Writer(table: table)
        var index = 0
        while index < words.count {
            if let (command, length) = commandAt(index) {
                if case .mark = command, index > 0, noMarkAfter.contains(words[index - 1].text.lowercased()) {
                    // "the colon": no one means a mark there; the words are written as said.
                    for word in words[index..<index + length] { writer.append(word: word.text) }
                    index += length
                    continue
                }
                writer.append(command)
                index += length
                guard case .mark(let text) = command else { continue }
                if let breaks, index < words.count, commandAt(index) == nil,
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
            guard let breaks, index < words.count, commandAt(index) == nil else { continue }
            switch breaks.decide(after: words[index - 1], before: words[index]) {
            case .none: break
            case .sentence: writer.append(command: ".")
            case .paragraph: writer.append(command: ".\n\n")
            }
        }
        if breaks != nil, writer.endsInWord { writer.append(command: ".") }
        return writer.output.trimmingCharacters(in: .whitespaces)
    }

    /// The longest command starting at `index`, with the number of words it spans (`commandWords`: where
    /// each command word's phrase starts in the expanded words, and its length).
    private func command(
        at index: Int, in words: [SpokenWord], commandWords: [Int: Int]
    ) -> (Command, Int)? {
        let available = min(longestCommand, words.count - index)
        guard available > 0 else { return nil }
        for length in stride(from: available, through: 1, by: -1) {
            let phrase = words[index..<index + length].map { $0.text.lowercased() }
            guard let text = commands[phrase] else { continue }
            if onlyAsCommandWords.contains(phrase), commandWords[index] != length { continue }
            return (text, length)
        }
        return nil
    }

    /// Where each command word's phrase starts among the expanded words, with its length.
    private static func commandWordSpans(in words: [SpokenWord]) -> [Int: Int] {
        var spans: [Int: Int] = [:]
        var index = 0
        for word in words {
            let length = CommandToken.phrase(of: word.text)?.count
            if let length { spans[index] = length }
            index += length ?? 1
        }
        return spans
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
