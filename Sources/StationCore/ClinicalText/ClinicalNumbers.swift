/// Numbers and units in a report's text as clinicians write them ("blood pressure one hundred twenty
/// over eighty" → "blood pressure 120/80"), en-US only; the decoder's own words stay the report's
/// original transcript. `spoken(_:)` says a text back in words the pronunciation dictionary knows, for
/// voice training.
///
/// Conservative: a number becomes digits only where its meaning is plain, and everything else stays
/// as spoken:
/// - `N over M` (whole numbers) → `N/M`, with `mmHg` when "millimeters of mercury" follows;
/// - a number before a unit → `10 mg`, `0.5 mg`, `2 L/min`, `98%`, `10 units` (`ClinicalUnit.all`);
/// - "degrees": `°C` after "celsius"/"centigrade", `°F` after "fahrenheit"; plain "degrees" is a
///   temperature (34–43 → `°C`, 93–110 → `°F`) when a temperature word ("temperature", "temp",
///   "fever", "febrile", "afebrile", "pyrexia", "tympanic") comes before it in the sentence or the
///   number has a decimal point, else it stays "degrees" after the digits (an angle: `90 degrees`);
/// - `N year old` → `N-year-old` (also month, week, day), `N years old` → `N years old`;
/// - after a vital sign or lab name ("pulse", "heart rate", "saturations", "potassium"…) → digits;
/// - "times N" after a word → `xN` ("vomiting times two" → "vomiting x2"; not "at times two").
///
/// Left as words: a number alone ("two children"), a run that does not read as one number ("one
/// twenty over eighty", "fifteen hundred"), "one" after a determiner ("no one over eighty", "the one
/// on the left"), "point" after "this"/"that"/"at"… ("at this point two options").
///
/// Times, dates and dose frequencies have rules of their own, as conservative (`ClinicalTimes`,
/// `ClinicalDates`, `DoseFrequencies`).
public enum ClinicalNumbers {
    /// `decoderText` with numbers written as clinicians write them; other locales' text unchanged.
    public static func format(_ decoderText: String, locale: String) -> String {
        isFormatted(locale) ? format(decoderText) : decoderText
    }

    /// en-US `decoderText` with numbers written as clinicians write them.
    public static func format(_ decoderText: String) -> String {
        let text = WordedText(decoderText)
        let reader = NumberReader(text: text)
        var replacements: [WordReplacement] = []
        var index = 0
        while index < text.words.count {
            if let replacement = ClinicalTimes.match(at: index, reader: reader)
                ?? ClinicalDates.match(at: index, reader: reader)
                ?? DoseFrequencies.match(at: index, reader: reader)
            {
                replacements.append(replacement)
                index = replacement.end
            } else if let (end, written) = match(at: index, reader: reader) {
                replacements.append(WordReplacement(first: index, end: end, text: written))
                index = end
            } else {
                index += 1
            }
        }
        return text.replacing(replacements)
    }

    /// Whether reports in `locale` are formatted: en-US only.
    public static func isFormatted(_ locale: String) -> Bool {
        locale.lowercased().replacingOccurrences(of: "_", with: "-") == "en-us"
    }

    /// Words after which "one" is a pronoun and "point" a noun.
    static let determiners: Set<String> = [
        "no", "the", "this", "that", "these", "those", "which", "what", "each", "every", "any", "some",
        "another", "a", "an", "such", "one", "only", "at", "whichever", "last", "next", "same", "other",
    ]

    static let temperatureWords: Set<String> = [
        "temperature", "temp", "temps", "fever", "febrile", "afebrile", "pyrexia", "pyrexial", "tympanic",
    ]

    /// Names a bare number follows in a note ("pulse seventy two" → "pulse 72").
    static let measurementNames: Set<String> = [
        "pulse", "rate", "respirations", "saturation", "saturations", "sats", "temperature", "temp",
        "sodium", "potassium", "chloride", "bicarbonate", "glucose", "hemoglobin", "creatinine", "urea",
        "platelets", "inr", "troponin", "lactate", "bmi", "gcs", "score",
    ]

    static let ageUnits: Set<String> = ["year", "month", "week", "day"]

    private static func match(at index: Int, reader: NumberReader) -> (Int, String)? {
        let words = reader.words
        if words[index] == "times" { return times(at: index, reader: reader) }
        guard let number = reader.number(at: index) else { return nil }
        let before = index > 0 ? words[index - 1] : nil
        if number.whole == nil, let before, determiners.contains(before) { return nil }
        if number.isBareOne, let before, determiners.contains(before) { return nil }
        let end = number.end
        if number.isInteger, reader.next(after: end - 1) == "over", let second = reader.number(at: end + 1),
            second.isInteger
        {
            var written = "\(number.written)/\(second.written)"
            var last = second.end
            if let (unit, unitEnd) = unit(at: second.end, reader: reader), unit.written == "mmHg" {
                written += " mmHg"
                last = unitEnd
            }
            return (last, written)
        }
        if reader.next(after: end - 1) == "degrees" || reader.next(after: end - 1) == "degree" {
            return degrees(number, at: index, reader: reader)
        }
        if let (unit, unitEnd) = unit(at: end, reader: reader) {
            let written = unit.keepsSpokenWords ? words[end..<unitEnd].joined(separator: " ") : unit.written
            return (unitEnd, number.written + (unit.attached ? "" : " ") + written)
        }
        if number.isInteger, let age = reader.next(after: end - 1) {
            if ageUnits.contains(age), reader.next(after: end) == "old" {
                return (end + 2, "\(number.written)-\(age)-old")
            }
            if ageUnits.contains(String(age.dropLast())), age.hasSuffix("s"), reader.next(after: end) == "old" {
                return (end + 2, "\(number.written) \(age) old")
            }
        }
        if follows(measurementNames, index: index, reader: reader) { return (end, number.written) }
        return nil
    }

    /// A measurement's name just before `index`, perhaps with "of", "is" or "was" between.
    private static func follows(_ names: Set<String>, index: Int, reader: NumberReader) -> Bool {
        guard index > 0, reader.joined(index - 1) else { return false }
        let before = reader.words[index - 1]
        if names.contains(before) { return true }
        guard ["of", "is", "was"].contains(before), index > 1, reader.joined(index - 2) else { return false }
        return names.contains(reader.words[index - 2])
    }

    /// The longest unit phrase starting at `index`.
    static func unit(at index: Int, reader: NumberReader) -> (ClinicalUnit, Int)? {
        guard index > 0, reader.joined(index - 1) else { return nil }
        for (spoken, unit) in ClinicalUnit.spokenPhrases {
            var position = index
            var matched = true
            for word in spoken {
                guard reader.word(position) == word, position == index || reader.joined(position - 1) else {
                    matched = false
                    break
                }
                position += 1
            }
            if matched { return (unit, position) }
        }
        return nil
    }

    private static func degrees(_ number: ReadNumber, at index: Int, reader: NumberReader) -> (Int, String)? {
        let degreesEnd = number.end + 1
        switch reader.next(after: degreesEnd - 1) {
        case "celsius", "centigrade": return (degreesEnd + 1, "\(number.written) °C")
        case "fahrenheit": return (degreesEnd + 1, "\(number.written) °F")
        default: break
        }
        let context = number.fraction != nil || temperatureNamed(before: index, reader: reader)
        if context, (34...43).contains(number.value) { return (degreesEnd, "\(number.written) °C") }
        if context, (93...110).contains(number.value) { return (degreesEnd, "\(number.written) °F") }
        return (degreesEnd, "\(number.written) \(reader.words[number.end])")
    }

    /// A temperature word among the six words before `index`, in the same sentence.
    private static func temperatureNamed(before index: Int, reader: NumberReader) -> Bool {
        var position = index - 1
        while position >= 0, index - position <= 6 {
            if temperatureWords.contains(reader.words[position]) { return true }
            guard position > 0, reader.sameSentence(position - 1) else { return false }
            position -= 1
        }
        return false
    }

    /// "times two" after a word that is not a number: "x2".
    private static func times(at index: Int, reader: NumberReader) -> (Int, String)? {
        guard index > 0, reader.joined(index), let number = reader.number(at: index + 1), number.isInteger,
            let whole = number.whole, (1...20).contains(whole)
        else { return nil }
        let before = reader.words[index - 1]
        if SpokenNumber.numberWords.contains(before)
            || ["at", "some", "many", "few", "several", "other", "all"]
                .contains(before)
        {
            return nil
        }
        // "times two over …", "times two milligrams": a reading of its own.
        if reader.next(after: number.end - 1) == "over" || unit(at: number.end, reader: reader) != nil { return nil }
        return (number.end, "x\(whole)")
    }
}

extension Transcription {
    /// The text a report made from this transcription starts with: numbers and units as clinicians
    /// write them (en-US); `text` stays the report's original transcript.
    public var reportText: String { ClinicalNumbers.format(text, locale: locale) }
}
