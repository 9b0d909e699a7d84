/// Dose frequencies and routes spelled out letter by letter, as clinicians write them: "b i d" → `BID`,
/// "t i d" → `TID`, "q i d" → `QID`, "p r n" → `PRN`, "n p o" → `NPO`, "p o" → `PO`, "i v" → `IV`,
/// "q four h" / "q four hours" → `q4h`.
///
/// Words stay words ("twice daily", "three times a day"), and so do the abbreviations on the Joint
/// Commission's and ISMP's do-not-use lists, misread in handwriting and print: "q d", "q o d", "h s",
/// "s c", "s q", "i u". A run of letters is changed only whole ("x b i d" stays).
enum DoseFrequencies {
    static let abbreviations: [[String]: String] = [
        ["b", "i", "d"]: "BID", ["t", "i", "d"]: "TID", ["q", "i", "d"]: "QID", ["p", "r", "n"]: "PRN",
        ["n", "p", "o"]: "NPO", ["p", "o"]: "PO", ["i", "v"]: "IV",
    ]

    /// A run of spelled abbreviations at `index` ("q i d p r n" → `QID PRN`), changed only when every
    /// letter of the run belongs to one.
    static func match(at index: Int, reader: NumberReader) -> WordReplacement? {
        guard isLetter(at: index, reader: reader), !continuesLetters(before: index, reader: reader) else {
            return nil
        }
        var written: [String] = []
        var position = index
        while position == index || reader.joined(position - 1) {
            if let every = hourly(at: position, reader: reader) {
                written.append(every.text)
                position = every.end
            } else if let (abbreviation, end) = abbreviation(at: position, reader: reader) {
                written.append(abbreviation)
                position = end
            } else {
                break
            }
        }
        guard !written.isEmpty, !(reader.joined(position - 1) && isLetter(at: position, reader: reader)) else {
            return nil
        }
        return WordReplacement(first: index, end: position, text: written.joined(separator: " "))
    }

    /// The longest abbreviation spelled at `index`.
    private static func abbreviation(at index: Int, reader: NumberReader) -> (String, Int)? {
        for length in [3, 2] {
            let range = index..<index + length
            guard range.allSatisfy({ isLetter(at: $0, reader: reader) && ($0 == index || reader.joined($0 - 1)) })
            else { continue }
            if let written = abbreviations[Array(reader.words[range])] { return (written, range.upperBound) }
        }
        return nil
    }

    /// "q four h", "q six hours": every N hours (1–72).
    private static func hourly(at index: Int, reader: NumberReader) -> WordReplacement? {
        guard reader.word(index) == "q", reader.joined(index), let number = reader.number(at: index + 1),
            number.isInteger, let hours = number.whole, (1...72).contains(hours),
            let unit = reader.next(after: number.end - 1), unit == "h" || unit == "hours" || unit == "hourly"
        else { return nil }
        return WordReplacement(first: index, end: number.end + 1, text: "q\(hours)h")
    }

    /// A word of one letter (the decoder's spelling of a letter said alone; "I" is written upper case),
    /// but not the article "a" ("a p r n dose").
    private static func isLetter(at index: Int, reader: NumberReader) -> Bool {
        guard let word = reader.word(index), word != "a" else { return false }
        return word.count == 1 && word.first?.isLetter == true
    }

    /// Whether a spelled letter comes right before, other than the "m" of "a m" / "p m".
    private static func continuesLetters(before index: Int, reader: NumberReader) -> Bool {
        guard index > 0, reader.joined(index - 1), isLetter(at: index - 1, reader: reader) else { return false }
        let meridiem = reader.words[index - 1] == "m" && index > 1 && ["a", "p"].contains(reader.words[index - 2])
        return !meridiem
    }
}
