/// English number words, read and written: "one hundred twenty" ⇄ 120, "thirty seven point five" ⇄
/// 37.5. Only the plain forms: no "a hundred", no "fifteen hundred", no "one twenty".
enum SpokenNumber {
    static let units = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    static let teens = [
        "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    static let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// Every word that is part of a number on its own.
    static let numberWords: Set<String> = Set(units + teens + tens + ["zero", "hundred", "thousand"])

    /// A digit after "point": "oh" is zero there and only there.
    static func digit(_ word: String) -> Int? {
        if word == "zero" || word == "oh" { return 0 }
        return units.firstIndex(of: word).map { $0 + 1 }
    }

    /// The words of a whole number, as en-US says it: 120 → "one hundred twenty".
    static func words(_ value: Int) -> [String] {
        switch value {
        case ..<0: return ["minus"] + words(-value)
        case 0: return ["zero"]
        case 1...9: return [units[value - 1]]
        case 10...19: return [teens[value - 10]]
        case 20...99: return [tens[value / 10 - 2]] + (value % 10 == 0 ? [] : words(value % 10))
        case 100...999: return words(value / 100) + ["hundred"] + (value % 100 == 0 ? [] : words(value % 100))
        case 1000...999_999:
            return words(value / 1000) + ["thousand"] + (value % 1000 == 0 ? [] : words(value % 1000))
        default:
            // An identifier rather than an amount: digit by digit.
            return String(value).compactMap { $0.wholeNumberValue }.map { $0 == 0 ? "zero" : units[$0 - 1] }
        }
    }
}

/// A number read from words: its value as written in digits and the words it took.
struct ReadNumber: Equatable {
    var whole: Int?
    /// The digits after the point, as spoken ("point oh five" → "05").
    var fraction: String?
    /// Index of the first word after the number.
    var end: Int
    /// Only the word "one": also a pronoun ("no one", "the one on the left").
    var isBareOne: Bool

    var isInteger: Bool { fraction == nil && whole != nil }

    /// As a person writes it: a leading zero (ISMP: never ".5"), thousands with commas.
    var written: String {
        let integer = whole.map(Self.grouped) ?? "0"
        guard let fraction else { return integer }
        return "\(integer).\(fraction)"
    }

    var value: Double { Double("\(whole ?? 0).\(fraction ?? "0")") ?? 0 }

    static func grouped(_ value: Int) -> String {
        guard value >= 1000 else { return String(value) }
        var digits = String(value)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: ",")
    }
}

/// Reads numbers from a text's lower-case words; a comma or a line break between two words ends a
/// number.
struct NumberReader {
    let text: WordedText

    var words: [String] { text.words }
    func joined(_ index: Int) -> Bool { text.joined(index) }
    func sameSentence(_ index: Int) -> Bool { text.sameSentence(index) }

    func word(_ index: Int) -> String? { index >= 0 && index < words.count ? words[index] : nil }

    /// The word after `index` when nothing but spaces comes between.
    func next(after index: Int) -> String? { joined(index) ? word(index + 1) : nil }

    /// The number starting at `index`, or nil when there is none or the number words around it do not
    /// read as one number ("one twenty", "fifteen hundred": left as words).
    func number(at index: Int) -> ReadNumber? {
        guard let first = word(index) else { return nil }
        // The tail of a run that did not read as one number is not a number either.
        if index > 0, joined(index - 1), let before = word(index - 1),
            SpokenNumber.numberWords.contains(before) || before == "point"
        {
            return nil
        }
        var read: ReadNumber
        if first == "point" {
            guard let (fraction, end) = fraction(after: index) else { return nil }
            read = ReadNumber(whole: nil, fraction: fraction, end: end, isBareOne: false)
        } else {
            guard let (whole, end) = cardinal(at: index) else { return nil }
            read = ReadNumber(whole: whole, fraction: nil, end: end, isBareOne: end == index + 1 && first == "one")
            if next(after: end - 1) == "point", let (fraction, fractionEnd) = fraction(after: end) {
                read.fraction = fraction
                read.end = fractionEnd
                read.isBareOne = false
            }
        }
        // "one twenty", "point twenty five": more number words follow that this reading left out.
        if let after = next(after: read.end - 1), SpokenNumber.numberWords.contains(after) { return nil }
        return read
    }

    /// "point" at `index`, then single digits.
    private func fraction(after index: Int) -> (String, Int)? {
        var digits = ""
        var position = index + 1
        while joined(position - 1), let word = word(position), let digit = SpokenNumber.digit(word) {
            digits += String(digit)
            position += 1
        }
        return digits.isEmpty ? nil : (digits, position)
    }

    /// A whole number below a million.
    private func cardinal(at index: Int) -> (Int, Int)? {
        guard let (high, end) = belowThousand(at: index) else { return nil }
        guard next(after: end - 1) == "thousand", high > 0 else { return (high, end) }
        var position = end + 1
        var value = high * 1000
        if let (low, lowEnd) = afterAnd(position, belowThousand) {
            value += low
            position = lowEnd
        }
        return (value, position)
    }

    private func belowThousand(at index: Int) -> (Int, Int)? {
        guard let (small, end) = belowHundred(at: index) else { return nil }
        guard next(after: end - 1) == "hundred", (1...9).contains(small) else { return (small, end) }
        var position = end + 1
        var value = small * 100
        if let (low, lowEnd) = afterAnd(position, belowHundred), low > 0 {
            value += low
            position = lowEnd
        }
        return (value, position)
    }

    /// `read` at `index`, or after an "and" there ("one hundred and twenty").
    private func afterAnd(_ index: Int, _ read: (Int) -> (Int, Int)?) -> (Int, Int)? {
        guard joined(index - 1), let word = word(index) else { return nil }
        if word == "and" { return joined(index) ? read(index + 1) : nil }
        return read(index)
    }

    private func belowHundred(at index: Int) -> (Int, Int)? {
        guard let word = word(index) else { return nil }
        if word == "zero" { return (0, index + 1) }
        if let unit = SpokenNumber.units.firstIndex(of: word) { return (unit + 1, index + 1) }
        if let teen = SpokenNumber.teens.firstIndex(of: word) { return (teen + 10, index + 1) }
        guard let ten = SpokenNumber.tens.firstIndex(of: word) else { return nil }
        let value = (ten + 2) * 10
        if let after = next(after: index), let unit = SpokenNumber.units.firstIndex(of: after) {
            return (value + unit + 1, index + 2)
        }
        return (value, index + 1)
    }
}
