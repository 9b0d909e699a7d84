extension ClinicalNumbers {
    /// `text` with its digits and units said in words the en-US pronunciation dictionary knows
    /// ("120/80 mmHg" → "one hundred twenty over eighty millimeters of mercury"), so a formatted or
    /// corrected report can train its author's voice profile; other locales' text unchanged.
    public static func spoken(_ text: String, locale: String) -> String {
        isFormatted(locale) ? spoken(text) : text
    }

    /// en-US `text` with digits and units in words. Gives back what `format` read for the forms it
    /// writes; where several were said alike it gives one: "point five" → "0.5" → "zero point five",
    /// "degrees celsius" → "°C" → "degrees", "one thousand five hundred" for 1,500.
    public static func spoken(_ text: String) -> String {
        var scanner = SpokenScanner(text: Array(text))
        return scanner.run()
    }
}

/// Reads a written text left to right, saying numbers and what is written after them.
private struct SpokenScanner {
    let text: [Character]
    var position = 0
    var output = ""

    /// Written units by length, longest first ("mg/kg" before "mg").
    static let units = ClinicalUnit.all.filter { !$0.attached && !$0.keepsSpokenWords }.sorted {
        $0.written.count > $1.written.count
    }

    mutating func run() -> String {
        while position < text.count {
            let character = text[position]
            if !followsWord, let said = sayTimeDateOrFrequency() {
                output += said
            } else if !followsWord, character == "x", position + 1 < text.count, text[position + 1].isASCIIDigit,
                let (whole, _, end) = number(at: position + 1), atBoundary(end)
            {
                output += "times " + SpokenNumber.words(whole).joined(separator: " ")
                position = end
            } else if !followsWord, character.isASCIIDigit, let (whole, fraction, end) = number(at: position) {
                position = end
                output += said(whole, fraction)
                sayWhatFollows(whole: whole, fraction: fraction)
            } else {
                output.append(character)
                position += 1
            }
        }
        return output
    }

    /// "15:30", "3:30 PM", "3 PM", "March 3, 2024", "BID", "q4h" at `position` said in words (moving past
    /// them), or nil.
    private mutating func sayTimeDateOrFrequency() -> String? {
        if let (hour, minutes, end, padded) = clock(at: position) {
            position = end
            var words: [String]
            if let half = half(at: position) {
                words = SpokenNumber.words(hour) + (minutes == 0 ? [] : minuteWords(minutes)) + half.0
                position = half.1
            } else if minutes == 0 {
                words = hourWords(hour, padded: padded) + ["hundred", "hours"]
            } else {
                words = hourWords(hour, padded: padded) + minuteWords(minutes)
            }
            return words.joined(separator: " ")
        }
        if text[position].isASCIIDigit, let (hour, _, end) = number(at: position), (1...12).contains(hour),
            let half = half(at: end)
        {
            position = half.1
            return (SpokenNumber.words(hour) + half.0).joined(separator: " ")
        }
        for (month, name) in ClinicalDates.months.enumerated() {
            let written = name.prefix(1).uppercased() + name.dropFirst() + " "
            guard starts(with: written), position + written.count < text.count,
                text[position + written.count].isASCIIDigit,
                let (day, _, end) = number(at: position + written.count), (1...ClinicalDates.days[month]).contains(day),
                atBoundary(end)
            else { continue }
            position = end
            var words = [name] + Self.ordinalWords(day)
            if starts(with: ", "), position + 6 <= text.count, let (year, _, yearEnd) = number(at: position + 2),
                (1900...2099).contains(year), yearEnd == position + 6, atBoundary(yearEnd)
            {
                words += Self.yearWords(year)
                position = yearEnd
            }
            return words.joined(separator: " ")
        }
        for (letters, written) in DoseFrequencies.abbreviations
        where starts(with: written) && atBoundary(position + written.count) {
            position += written.count
            return letters.joined(separator: " ")
        }
        if text[position] == "q", position + 1 < text.count, text[position + 1].isASCIIDigit,
            let (hours, _, end) = number(at: position + 1), end < text.count, text[end] == "h", atBoundary(end + 1)
        {
            position = end + 1
            return (["q"] + SpokenNumber.words(hours) + ["h"]).joined(separator: " ")
        }
        return nil
    }

    /// "15:30", "08:05" at `index`: hour, minutes, the index after them, and whether the hour was
    /// written with a leading zero.
    private func clock(at index: Int) -> (Int, Int, Int, Bool)? {
        var end = index
        while end < text.count, end - index < 2, text[end].isASCIIDigit { end += 1 }
        guard end > index, end + 2 < text.count, text[end] == ":", text[end + 1].isASCIIDigit,
            text[end + 2].isASCIIDigit, atBoundary(end + 3),
            let hour = Int(String(text[index..<end])), let minutes = Int(String(text[end + 1...end + 2])),
            hour < 24, minutes < 60
        else { return nil }
        return (hour, minutes, end + 3, end - index == 2 && text[index] == "0")
    }

    /// " AM" / " PM" at `index`: said as letters, and the index after it.
    private func half(at index: Int) -> ([String], Int)? {
        for (mark, said) in [(" AM", ["a", "m"]), (" PM", ["p", "m"])] {
            let characters = Array(mark)
            guard index + characters.count <= text.count, Array(text[index..<index + characters.count]) == characters,
                atBoundary(index + characters.count)
            else { continue }
            return (said, index + characters.count)
        }
        return nil
    }

    private func hourWords(_ hour: Int, padded: Bool) -> [String] {
        padded && hour < 10 ? ["oh"] + SpokenNumber.words(hour) : SpokenNumber.words(hour)
    }

    private func minuteWords(_ minutes: Int) -> [String] {
        minutes < 10 ? ["oh"] + SpokenNumber.words(minutes) : SpokenNumber.words(minutes)
    }

    static func ordinalWords(_ day: Int) -> [String] {
        switch day {
        case 1...9: [ClinicalDates.ordinalUnits[day - 1]]
        case 10...19: [ClinicalDates.ordinalTeens[day - 10]]
        case 20: ["twentieth"]
        case 30: ["thirtieth"]
        default: [day < 30 ? "twenty" : "thirty", ClinicalDates.ordinalUnits[day % 10 - 1]]
        }
    }

    static func yearWords(_ year: Int) -> [String] {
        let low = year % 100
        if year >= 2000, low < 10 { return ["two", "thousand"] + (low == 0 ? [] : SpokenNumber.words(low)) }
        return SpokenNumber.words(year / 100) + SpokenNumber.words(low)
    }

    /// Whether a letter or digit comes right before (the "5" of "L5", the "2" of "x2" within a word).
    private var followsWord: Bool {
        position > 0 && (text[position - 1].isLetter || text[position - 1].isNumber)
    }

    private func atBoundary(_ index: Int) -> Bool {
        index >= text.count || !(text[index].isLetter || text[index].isNumber)
    }

    private func said(_ whole: Int, _ fraction: String?) -> String {
        var words = SpokenNumber.words(whole)
        if let fraction {
            words += ["point"] + fraction.compactMap(\.wholeNumberValue).map { SpokenNumber.words($0)[0] }
        }
        return words.joined(separator: " ")
    }

    /// After a number: "/80", "%", "-year-old", " °C", " mg".
    private mutating func sayWhatFollows(whole: Int, fraction: String?) {
        if fraction == nil, starts(with: "/"), position + 1 < text.count, text[position + 1].isASCIIDigit,
            let (second, secondFraction, end) = number(at: position + 1), secondFraction == nil
        {
            output += " over " + said(second, nil)
            position = end
            return sayUnit(whole: second, fraction: nil)
        }
        if starts(with: "%") {
            output += " percent"
            position += 1
            return
        }
        for age in ClinicalNumbers.ageUnits.sorted() where starts(with: "-\(age)-old") {
            output += " \(age) old"
            position += age.count + 5
            return
        }
        for mark in [" °C", "°C", " °F", "°F"] where starts(with: mark) && atBoundary(position + mark.count) {
            output += " degrees"
            position += mark.count
            return
        }
        sayUnit(whole: whole, fraction: fraction)
    }

    private mutating func sayUnit(whole: Int, fraction: String?) {
        for unit in Self.units where starts(with: " " + unit.written) && atBoundary(position + 1 + unit.written.count) {
            let words = whole == 1 && fraction == nil ? unit.singular ?? unit.plural : unit.plural
            output += " " + words.joined(separator: " ")
            position += 1 + unit.written.count
            return
        }
    }

    private func starts(with written: String) -> Bool {
        let characters = Array(written)
        guard position + characters.count <= text.count else { return false }
        return Array(text[position..<position + characters.count]) == characters
    }

    /// Digits at `index` ("1,500" with its commas), then a point and more digits; nil past a million
    /// or when the digits go on into letters.
    private func number(at index: Int) -> (Int, String?, Int)? {
        var end = index
        var digits = ""
        while end < text.count, text[end].isASCIIDigit {
            digits.append(text[end])
            end += 1
            // "1,500": a comma followed by exactly three digits belongs to the number.
            if end < text.count, text[end] == ",",
                (1...3).allSatisfy({ end + $0 < text.count && text[end + $0].isASCIIDigit }),
                end + 4 >= text.count || !text[end + 4].isASCIIDigit
            {
                end += 1
            }
        }
        var fraction: String?
        if end + 1 < text.count, text[end] == ".", text[end + 1].isASCIIDigit {
            var digits = ""
            end += 1
            while end < text.count, text[end].isASCIIDigit {
                digits.append(text[end])
                end += 1
            }
            fraction = digits
        }
        guard let whole = Int(digits), digits.count <= 9 else { return nil }
        return (whole, fraction, end)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
