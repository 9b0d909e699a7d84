import Foundation
import Localization

/// A passage a clinic repeats (normal findings, standard advice), put in a report by saying its name
/// after the locale's insert word: "insert normal chest exam".
public struct TextBlock: Codable, Sendable, Equatable {
    /// Lower-case words as they are said, one space between.
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// The name's words.
    public var words: [String] { name.split(separator: " ").map(String.init) }
}

/// The clinic's text blocks: `text-blocks.json` in the config folder, a JSON array of `{"name", "text"}`.
public struct TextBlocks: Sendable, Equatable {
    public var all: [TextBlock]

    public init(_ all: [TextBlock] = []) { self.all = all }

    /// The most words a name may have, and the longest text, in characters.
    public static let maximumNameWords = 6
    public static let maximumText = 20_000

    /// The blocks in `file`; none when it is missing.
    public static func load(from file: URL) throws(TextBlockError) -> TextBlocks {
        guard FileManager.default.fileExists(atPath: file.path) else { return TextBlocks() }
        let blocks: [TextBlock]
        do {
            blocks = try JSONDecoder().decode([TextBlock].self, from: Data(contentsOf: file))
        } catch {
            throw .unreadable(file: file.path)
        }
        for block in blocks {
            _ = try checkedName(block.name)
            _ = try checkedText(block.text, name: block.name)
        }
        return TextBlocks(blocks)
    }

    /// The file's contents: the blocks as a JSON array, one block a line's worth, readable by a person.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(all)) ?? Data("[]".utf8)
    }

    /// The block named `name` (as typed or said: case and spaces do not matter).
    public func block(named name: String) -> TextBlock? {
        let key = Self.normalized(name)
        return all.first { $0.name == key }
    }

    /// Adds a block, or gives one of that name its new text; returns whether one was replaced.
    @discardableResult
    public mutating func add(name typed: String, text: String) throws(TextBlockError) -> Bool {
        let name = try Self.checkedName(typed)
        let text = try Self.checkedText(text, name: name)
        if let index = all.firstIndex(where: { $0.name == name }) {
            all[index].text = text
            return true
        }
        all.append(TextBlock(name: name, text: text))
        return false
    }

    /// Removes the block named `name`; false when there is none.
    public mutating func remove(name: String) -> Bool {
        let key = Self.normalized(name)
        let before = all.count
        all.removeAll { $0.name == key }
        return all.count != before
    }

    static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `typed` as a block's name: one to six words of letters (an apostrophe or hyphen inside), lower case.
    public static func checkedName(_ typed: String) throws(TextBlockError) -> String {
        let name = normalized(typed)
        let words = name.split(separator: " ")
        guard !words.isEmpty, words.count <= maximumNameWords,
            words.allSatisfy({ word in
                word.first?.isLetter == true && word.last?.isLetter == true
                    && word.allSatisfy { $0.isLetter || $0 == "'" || $0 == "-" }
            })
        else { throw .invalidName(typed) }
        return name
    }

    static func checkedText(_ typed: String, name: String) throws(TextBlockError) -> String {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .emptyText(name: name) }
        guard text.count <= maximumText else { throw .textTooLong(name: name, limit: maximumText) }
        let unsafe = text.unicodeScalars.contains { scalar in
            (scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t")
                || scalar.properties.generalCategory == .format
        }
        if unsafe { throw .controlCharacters(name: name) }
        return text
    }
}

/// Why a text block was refused; the message says what to do.
public enum TextBlockError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidName(String)
    case emptyText(name: String)
    case textTooLong(name: String, limit: Int)
    case controlCharacters(name: String)
    case unreadable(file: String)
    case notFound(String)

    /// A name or file is shown only through the caller's terminal-safe text (`SafeText`).
    public var description: String {
        switch self {
        case .invalidName(let name):
            tr(
                "\"\(name)\" cannot name a text block: use one to six words of letters, as you will say them (insert normal chest exam)."
            )
        case .emptyText(let name): tr("The text of \"\(name)\" is empty; nothing was saved.")
        case .textTooLong(let name, let limit):
            tr("The text of \"\(name)\" is longer than \(limit) characters; nothing was saved.")
        case .controlCharacters(let name):
            tr("The text of \"\(name)\" holds control characters; nothing was saved.")
        case .unreadable(let file):
            tr("The text blocks in \(file) cannot be read: it must be a JSON array of {\"name\", \"text\"}.")
        case .notFound(let name): tr("There is no text block named \"\(name)\".")
        }
    }
}
