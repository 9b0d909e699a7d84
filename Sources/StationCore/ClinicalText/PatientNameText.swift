import Foundation

/// The patient's name in a report's text as the session has it: the decoder writes "jansen", the
/// session "Jansen, M.", so the text says "Jansen".
///
/// Each word of the name with two letters or more is matched whole, ignoring case ("jansen's" too). A
/// name that is also an everyday word ("Brown", "White", "May") is changed only after a title ("mrs
/// brown") or beside another word of the name ("mary brown"), so "brown sputum" stays.
public enum PatientNameText {
    /// `text` with the words of `patient`'s name written as the session has them.
    public static func written(_ text: String, patient: Patient) -> String {
        let names = nameWords(patient)
        guard !names.isEmpty else { return text }
        let worded = WordedText(text)
        var replacements: [WordReplacement] = []
        for (index, word) in worded.words.enumerated() {
            let (base, suffix) = split(word)
            guard let name = names[base] else { continue }
            if everydayWords.contains(base), !introduced(index, in: worded, names: names) { continue }
            replacements.append(WordReplacement(first: index, end: index + 1, text: name + suffix))
        }
        return worded.replacing(replacements)
    }

    /// The name's words by their lower-case form: letters (and ' or -), two or more.
    static func nameWords(_ patient: Patient) -> [String: String] {
        guard let name = patient.name else { return [:] }
        var words: [String: String] = [:]
        for part in name.split(whereSeparator: { !($0.isLetter || $0 == "'" || $0 == "-") }) {
            let word = String(part).trimmingCharacters(in: CharacterSet(charactersIn: "'-"))
            guard word.count >= 2, word.contains(where: \.isUppercase) else { continue }
            words[word.lowercased()] = word
        }
        return words
    }

    /// "jansen's" → ("jansen", "'s").
    private static func split(_ word: String) -> (String, String) {
        word.hasSuffix("'s") ? (String(word.dropLast(2)), "'s") : (word, "")
    }

    private static func introduced(_ index: Int, in text: WordedText, names: [String: String]) -> Bool {
        if index > 0, text.joined(index - 1) {
            let before = text.words[index - 1]
            if titles.contains(before) || (names[before] != nil && !everydayWords.contains(before)) { return true }
        }
        if text.joined(index), index + 1 < text.words.count {
            let after = split(text.words[index + 1]).0
            if names[after] != nil, !everydayWords.contains(after) { return true }
        }
        return false
    }

    static let titles: Set<String> = ["mr", "mrs", "ms", "miss", "mister", "missus", "dr", "doctor", "master"]

    /// Surnames and given names that are also everyday English words.
    static let everydayWords: Set<String> = [
        "brown", "white", "green", "black", "gray", "grey", "young", "king", "long", "short", "bell", "hill",
        "wood", "woods", "will", "may", "page", "rich", "rose", "hope", "hall", "park", "price", "cook", "baker",
        "hunter", "walker", "miller", "mason", "bishop", "fox", "hart", "swift", "frank", "bush", "moss", "field",
        "fields", "west", "north", "south", "east", "love", "day", "best", "sharp", "strong", "small", "little",
        "sweet", "wise", "ward", "bird", "bond", "chase", "grant", "head", "hand", "foot", "lamb", "mark",
        "march", "april", "june", "august", "summer", "winter", "stone", "rock", "lane", "case", "bright",
        "gold", "silver", "cross", "waters", "rivers", "banks", "berry", "close", "dean", "joy", "faith",
        "grace", "patience", "bill", "pat", "sue", "van", "de", "den", "der", "la", "le", "von",
    ]
}

extension Transcription {
    /// The text a report made from this transcription starts with, for `patient`: numbers, times, dates
    /// and frequencies as clinicians write them (en-US), and the patient's name as the session has it.
    public func reportText(patient: Patient) -> String {
        PatientNameText.written(reportText, patient: patient)
    }
}
