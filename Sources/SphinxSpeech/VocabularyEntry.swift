import Foundation
import Localization

/// A word the clinic added to a locale's decoding, with the phones it is said with.
public struct VocabularyEntry: Sendable, Hashable {
    /// Lower case, as the model's dictionary writes its words.
    public let word: String
    /// The model's phones (CMU: upper case, no stress).
    public let phones: [String]

    /// An entry from checked parts; `checked(word:phones:in:)` checks them.
    init(word: String, phones: [String]) {
        self.word = word
        self.phones = phones
    }

    /// The longest word taken, in characters.
    public static let maximumWordLength = 40
    /// The most phones a pronunciation may have.
    public static let maximumPhones = 40

    /// `word` ready to store: lower case, one word of letters, digits, `'`, `-` or `.`, starting with a
    /// letter or digit, at most 40 characters. Spaces, control characters and the dictionary's own
    /// syntax (`word(2)`, `<s>`, `[noise]`, `+NSN+`) are refused.
    public static func checkedWord(_ typed: String) throws(VocabularyError) -> String {
        let scalars = typed.unicodeScalars
        if scalars.isEmpty { throw .invalidWord(typed, reason: tr("it is empty")) }
        if scalars.contains(where: {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
        }) {
            throw .invalidWord(typed, reason: tr("it holds a control character"))
        }
        if scalars.contains(where: { $0.properties.isWhitespace }) {
            throw .invalidWord(typed, reason: tr("it holds a space: add one word at a time"))
        }
        if typed.count > maximumWordLength {
            throw .invalidWord(typed, reason: tr("it is longer than \(maximumWordLength) characters"))
        }
        let word = typed.lowercased()
        let allowed = word.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            return properties.isAlphabetic || properties.numericType != nil || "'-.".unicodeScalars.contains(scalar)
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
        }
        guard allowed, let first = word.unicodeScalars.first,
            first.properties.isAlphabetic || first.properties.numericType != nil
        else {
            throw .invalidWord(
                typed, reason: tr("a word holds letters, digits, ' - and . only, and starts with a letter or digit"))
        }
        return word
    }

    /// The phones of a typed pronunciation (`"M EH T OW P R OW L AO L"`), each one of `model`'s phones:
    /// as typed, else in upper case without cmudict's stress digit (`ah0` is the CMU models' `AH`).
    public static func checkedPhones(
        _ typed: String, in model: ModelPhones, locale: String
    ) throws(VocabularyError)
        -> [String]
    {
        let parts = typed.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !parts.isEmpty else { throw .invalidPronunciation(reason: tr("it has no phones")) }
        guard parts.count <= maximumPhones else {
            throw .invalidPronunciation(reason: tr("it has more than \(maximumPhones) phones"))
        }
        return try parts.map { part throws(VocabularyError) in
            if model.phones.contains(part) { return part }
            var phone = part.uppercased()
            if let last = phone.last, "012".contains(last), phone.count > 1 { phone.removeLast() }
            guard model.phones.contains(phone) else {
                throw .unknownPhone(part, locale: locale, known: model.phones.sorted())
            }
            return phone
        }
    }

    /// The entry's line in a dictionary file: `word PH PH …`.
    var line: String { ([word] + phones).joined(separator: " ") }

    /// An entry read back from a file line; nil for a line that would not pass the checks (a file
    /// changed by hand), which decoding skips.
    init?(line: Substring) {
        let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard parts.count >= 2, parts.count <= Self.maximumPhones + 1,
            let word = try? Self.checkedWord(parts[0]), word == parts[0],
            parts.dropFirst().allSatisfy({ phone in
                phone.count <= 16 && phone.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isGraphemeBase }
            })
        else { return nil }
        self.init(word: word, phones: Array(parts.dropFirst()))
    }
}

/// Why a vocabulary change was refused; the message says what to do.
public enum VocabularyError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidWord(String, reason: String)
    case invalidPronunciation(reason: String)
    case unknownPhone(String, locale: String, known: [String])
    case invalidLocale(String)
    case modelUnreadable(locale: String, detail: String)
    case tooManyWords(locale: String, limit: Int)
    case storage(String)

    /// Messages name what was typed only through the caller's terminal-safe text (`SafeText`), so the
    /// cases hold it as typed.
    public var description: String {
        switch self {
        case .invalidWord(let word, let reason): tr("\"\(word)\" is not taken as a vocabulary word: \(reason).")
        case .invalidPronunciation(let reason): tr("The pronunciation cannot be used: \(reason).")
        case .unknownPhone(let phone, let locale, let known):
            tr("\"\(phone)\" is not a phone of the \(locale) model. Its phones are: \(known.joined(separator: " ")).")
        case .invalidLocale(let locale): tr("\"\(locale)\" is not a locale (like en-US).")
        case .modelUnreadable(let locale, let detail): tr("The \(locale) model's phones cannot be read: \(detail).")
        case .tooManyWords(let locale, let limit):
            tr("The \(locale) vocabulary holds \(limit) words, the most it takes; remove some first.")
        case .storage(let detail): tr("The vocabulary cannot be saved: \(detail).")
        }
    }
}

/// A locale's vocabulary file as decoding reads it.
public struct VocabularyFile: Sendable, Equatable {
    /// The words taken: the file's first `ClinicVocabulary.maximumWords`, in order, each once.
    public var entries: [VocabularyEntry] = []
    /// Words after those, left out.
    public var beyondLimit = 0
    /// The first few words left out, to name them.
    public var firstLeftOut: [String] = []
    /// Lines that are not a word and its phones (a file changed by hand), skipped.
    public var unreadableLines = 0

    public init() {}
}
