/// Times of day as clinicians write them, en-US, as conservatively as `ClinicalNumbers`:
/// - an hour (one to twelve), perhaps with minutes, then "a m" / "p m" ("a.m.", "am", "pm") →
///   `3 PM`, `3:30 PM`, `10:05 AM` ("ten oh five a m");
/// - after "at", a 24-hour time that cannot be read as anything else → `15:30` ("at fifteen thirty"),
///   `08:15` ("at oh eight fifteen"), `15:00` ("at fifteen hundred hours"); "hours" after it goes too.
///
/// Left as words: an hour of one to nine with minutes but no "a m"/"p m" ("at one twenty" may be a rate
/// of 120), "at fifteen hundred" without "hours" (it may be 1,500), "three o'clock", and a time followed
/// by a unit, "over" or more number words.
enum ClinicalTimes {
    static func match(at index: Int, reader: NumberReader) -> WordReplacement? {
        clockTime(at: index, reader: reader) ?? twentyFourHour(at: index, reader: reader)
    }

    /// "three p m", "three thirty p m", "ten oh five a m".
    private static func clockTime(at index: Int, reader: NumberReader) -> WordReplacement? {
        guard startsNumber(at: index, reader: reader), let hour = hour(reader.words[index]), (1...12).contains(hour)
        else { return nil }
        var end = index + 1
        var minutes: Int?
        if let (read, minutesEnd) = minute(after: index, reader: reader) {
            minutes = read
            end = minutesEnd
        }
        guard let (half, halfEnd, trailing) = meridiem(at: end, reader: reader) else { return nil }
        let clock = minutes.map { "\(hour):\(twoDigits($0))" } ?? "\(hour)"
        return WordReplacement(first: index, end: halfEnd, text: "\(clock) \(half)", trailing: trailing)
    }

    /// After "at": "fifteen thirty", "oh eight fifteen", "fifteen hundred hours".
    private static func twentyFourHour(at index: Int, reader: NumberReader) -> WordReplacement? {
        guard index > 0, reader.joined(index - 1), reader.words[index - 1] == "at",
            let (hour, hourEnd, padded) = hour24(at: index, reader: reader)
        else { return nil }
        if reader.next(after: hourEnd - 1) == "hundred", reader.next(after: hourEnd) == "hours" {
            return WordReplacement(first: index, end: hourEnd + 2, text: "\(twoDigits(hour)):00")
        }
        // "at ten thirty" is a time; "at one twenty" may be a rate: only 10–23 or a spoken leading zero.
        guard padded || hour >= 10, let (minutes, end) = minute(after: hourEnd - 1, reader: reader) else { return nil }
        if let after = reader.next(after: end - 1),
            after == "over" || after == "point" || SpokenNumber.numberWords.contains(after)
                || ClinicalNumbers.unit(at: end, reader: reader) != nil || meridiem(at: end, reader: reader) != nil
        {
            return nil
        }
        let last = reader.next(after: end - 1) == "hours" ? end + 1 : end
        let written = "\(padded ? twoDigits(hour) : String(hour)):\(twoDigits(minutes))"
        return WordReplacement(first: index, end: last, text: written)
    }

    /// Whether a number starts at `index`: not the tail of number words before it.
    private static func startsNumber(at index: Int, reader: NumberReader) -> Bool {
        guard index > 0, reader.joined(index - 1), let before = reader.word(index - 1) else { return true }
        return !SpokenNumber.numberWords.contains(before) && before != "point" && before != "oh"
    }

    /// An hour said as one word: "one" … "twenty three" is two words and read by `hour24`.
    static func hour(_ word: String) -> Int? {
        if let unit = SpokenNumber.units.firstIndex(of: word) { return unit + 1 }
        if let teen = SpokenNumber.teens.firstIndex(of: word) { return teen + 10 }
        return nil
    }

    /// A 24-hour clock's hour: "oh eight" / "zero eight" (padded), "fifteen", "twenty three".
    private static func hour24(at index: Int, reader: NumberReader) -> (Int, Int, Bool)? {
        guard startsNumber(at: index, reader: reader), let word = reader.word(index) else { return nil }
        if word == "oh" || word == "zero", let next = reader.next(after: index),
            let unit = SpokenNumber.units.firstIndex(of: next)
        {
            return (unit + 1, index + 2, true)
        }
        if word == "twenty" {
            if let next = reader.next(after: index), let unit = SpokenNumber.units.firstIndex(of: next) {
                return unit < 3 ? (21 + unit, index + 2, false) : nil
            }
            return (20, index + 1, false)
        }
        guard let hour = hour(word) else { return nil }
        return (hour, index + 1, false)
    }

    /// Minutes after word `index`: "oh five", "ten" … "fifty nine".
    static func minute(after index: Int, reader: NumberReader) -> (Int, Int)? {
        guard let word = reader.next(after: index) else { return nil }
        if word == "oh", let next = reader.next(after: index + 1), let unit = SpokenNumber.units.firstIndex(of: next) {
            return (unit + 1, index + 3)
        }
        if let teen = SpokenNumber.teens.firstIndex(of: word) { return (teen + 10, index + 2) }
        guard let ten = SpokenNumber.tens.firstIndex(of: word), ten < 4 else { return nil }
        let value = (ten + 2) * 10
        if let next = reader.next(after: index + 1), let unit = SpokenNumber.units.firstIndex(of: next) {
            return (value + unit + 1, index + 3)
        }
        return (value, index + 2)
    }

    /// "a m", "p m", "a.m.", "am", "pm" at `index`: the written half of the day, the word after it, and
    /// how many characters after its last word belong to it (the last "." of "a.m.").
    static func meridiem(at index: Int, reader: NumberReader) -> (String, Int, Int)? {
        guard index > 0, reader.joined(index - 1), let word = reader.word(index) else { return nil }
        if word == "am" || word == "pm" { return (word.uppercased(), index + 1, 0) }
        guard word == "a" || word == "p", reader.word(index + 1) == "m" else { return nil }
        let gap = reader.text.gap(after: index)
        if gap == " " { return (word.uppercased() + "M", index + 2, 0) }
        guard gap == "." else { return nil }
        return (word.uppercased() + "M", index + 2, reader.text.after(index + 1).hasPrefix(".") ? 1 : 0)
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
