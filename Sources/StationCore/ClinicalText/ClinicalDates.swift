/// Dates as clinicians write them, en-US, as conservatively as `ClinicalNumbers`:
/// "march third" / "march the third" / "the third of march" → `March 3`; a year said after it
/// ("twenty twenty four", "two thousand and twenty four", "nineteen ninety nine") → `March 3, 2024`.
///
/// Left as words: a month alone ("in march"), a day the month does not have ("february thirtieth"),
/// a day said as a cardinal ("march three"), and "may" unless a preposition or "the … of" makes it
/// the month ("we may first try", but "on may first" → "on May 1").
enum ClinicalDates {
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]
    static let days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    static let ordinalUnits = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    ]
    static let ordinalTeens = [
        "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
        "eighteenth", "nineteenth",
    ]

    /// Words before "may" that make it the month.
    static let beforeMay: Set<String> = [
        "on", "since", "from", "until", "till", "by", "before", "after", "of", "through", "to", "and", "dated",
    ]

    static func match(at index: Int, reader: NumberReader) -> WordReplacement? {
        monthFirst(at: index, reader: reader) ?? dayFirst(at: index, reader: reader)
    }

    /// "march third", "march the third".
    private static func monthFirst(at index: Int, reader: NumberReader) -> WordReplacement? {
        guard let month = months.firstIndex(of: reader.words[index]) else { return nil }
        if month == 4 {
            guard index > 0, reader.joined(index - 1), beforeMay.contains(reader.words[index - 1]) else { return nil }
        }
        var dayAt = index + 1
        if reader.next(after: index) == "the" { dayAt += 1 }
        guard reader.joined(dayAt - 1), let (day, end) = ordinal(at: dayAt, reader: reader) else { return nil }
        return written(month: month, day: day, first: index, end: end, reader: reader)
    }

    /// "the third of march", "third of march".
    private static func dayFirst(at index: Int, reader: NumberReader) -> WordReplacement? {
        let first = reader.words[index] == "the" ? index + 1 : index
        guard first == index || reader.joined(index), let (day, dayEnd) = ordinal(at: first, reader: reader),
            reader.next(after: dayEnd - 1) == "of", let name = reader.next(after: dayEnd),
            let month = months.firstIndex(of: name)
        else { return nil }
        return written(month: month, day: day, first: index, end: dayEnd + 2, reader: reader)
    }

    private static func written(month: Int, day: Int, first: Int, end: Int, reader: NumberReader) -> WordReplacement? {
        guard day <= days[month] else { return nil }
        let name = months[month].prefix(1).uppercased() + months[month].dropFirst()
        if let (year, yearEnd) = year(after: end - 1, reader: reader) {
            return WordReplacement(first: first, end: yearEnd, text: "\(name) \(day), \(year)")
        }
        return WordReplacement(first: first, end: end, text: "\(name) \(day)")
    }

    /// An ordinal day: "third", "twenty first", "thirtieth", "thirty first".
    static func ordinal(at index: Int, reader: NumberReader) -> (Int, Int)? {
        guard let word = reader.word(index) else { return nil }
        if let unit = ordinalUnits.firstIndex(of: word) { return (unit + 1, index + 1) }
        if let teen = ordinalTeens.firstIndex(of: word) { return (teen + 10, index + 1) }
        if word == "twentieth" { return (20, index + 1) }
        if word == "thirtieth" { return (30, index + 1) }
        guard word == "twenty" || word == "thirty", let next = reader.next(after: index),
            let unit = ordinalUnits.firstIndex(of: next)
        else { return nil }
        let day = (word == "twenty" ? 20 : 30) + unit + 1
        return (day, index + 2)
    }

    /// A year after word `index`, perhaps after a comma: 1900–2099 as said ("twenty twenty four",
    /// "two thousand four", "two thousand and twenty four", "nineteen eighty"), not followed by more
    /// number words or a unit.
    private static func year(after index: Int, reader: NumberReader) -> (Int, Int)? {
        let gap = reader.text.gap(after: index)
        guard gap == " " || gap == ", " else { return nil }
        let start = index + 1
        guard let word = reader.word(start) else { return nil }
        var result: (Int, Int)?
        if word == "two", reader.word(start + 1) == "thousand", reader.joined(start) {
            var position = start + 2
            if reader.word(position) == "and", reader.joined(position - 1) { position += 1 }
            if reader.joined(position - 1), let (low, end) = twoDigits(at: position, reader: reader) {
                result = (2000 + low, end)
            } else if reader.words[position - 1] == "thousand" {
                result = (2000, start + 2)
            }
        } else if word == "twenty" || word == "nineteen", reader.joined(start),
            let (low, end) = twoDigits(at: start + 1, reader: reader), low >= 10
        {
            result = ((word == "twenty" ? 2000 : 1900) + low, end)
        }
        guard let (year, end) = result else { return nil }
        if let after = reader.next(after: end - 1), SpokenNumber.numberWords.contains(after) || after == "point" {
            return nil
        }
        if ClinicalNumbers.unit(at: end, reader: reader) != nil { return nil }
        return (year, end)
    }

    /// 1–99 in words: "four", "twenty four", "nineteen".
    private static func twoDigits(at index: Int, reader: NumberReader) -> (Int, Int)? {
        guard let word = reader.word(index) else { return nil }
        if let unit = SpokenNumber.units.firstIndex(of: word) { return (unit + 1, index + 1) }
        if let teen = SpokenNumber.teens.firstIndex(of: word) { return (teen + 10, index + 1) }
        guard let ten = SpokenNumber.tens.firstIndex(of: word) else { return nil }
        if let next = reader.next(after: index), let unit = SpokenNumber.units.firstIndex(of: next) {
            return ((ten + 2) * 10 + unit + 1, index + 2)
        }
        return ((ten + 2) * 10, index + 1)
    }
}
