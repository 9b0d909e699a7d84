import StationCore
import Testing

/// A decoder's words and the text a clinician would write.
struct Phrase: Sendable, CustomTestStringConvertible {
    var spoken: String
    var written: String
    var testDescription: String { spoken }

    init(_ spoken: String, _ written: String) {
        self.spoken = spoken
        self.written = written
    }
}

@Suite("Numbers and units as clinicians write them")
struct ClinicalNumbersTests {
    static let formatted: [Phrase] = [
        Phrase("blood pressure one hundred twenty over eighty", "blood pressure 120/80"),
        Phrase("blood pressure one hundred and forty over ninety", "blood pressure 140/90"),
        Phrase(
            "blood pressure one hundred twenty over eighty millimeters of mercury", "blood pressure 120/80 mmHg"),
        Phrase("temperature thirty seven point five degrees", "temperature 37.5 °C"),
        Phrase("thirty seven point five degrees", "37.5 °C"),
        Phrase("temperature thirty eight degrees", "temperature 38 °C"),
        Phrase("temperature thirty eight degrees celsius", "temperature 38 °C"),
        Phrase("temperature ninety eight point six degrees", "temperature 98.6 °F"),
        Phrase("temperature one hundred one degrees fahrenheit", "temperature 101 °F"),
        Phrase("knee flexion to ninety degrees", "knee flexion to 90 degrees"),
        Phrase("start aspirin ten milligrams daily", "start aspirin 10 mg daily"),
        Phrase("one milligram of lorazepam", "1 mg of lorazepam"),
        Phrase("zero point five milligrams", "0.5 mg"),
        Phrase("point five milligrams", "0.5 mg"),
        Phrase("two hundred fifty micrograms", "250 mcg"),
        Phrase("five milliliters of syrup", "5 mL of syrup"),
        Phrase("ten units of insulin", "10 units of insulin"),
        Phrase("one unit of blood", "1 unit of blood"),
        Phrase("saturations ninety eight percent on two liters per minute", "saturations 98% on 2 L/min"),
        Phrase("one thousand five hundred milligrams", "1,500 mg"),
        Phrase("fifteen milligrams per kilogram", "15 mg/kg"),
        Phrase("weight seventy two kilograms", "weight 72 kg"),
        Phrase("pulse seventy two", "pulse 72"),
        Phrase("heart rate eighty eight beats per minute", "heart rate 88 bpm"),
        Phrase("respiratory rate sixteen", "respiratory rate 16"),
        Phrase("potassium of three point five", "potassium of 3.5"),
        Phrase("a seventy two year old man", "a 72-year-old man"),
        Phrase("she is forty years old", "she is 40 years old"),
        Phrase("vomiting times two", "vomiting x2"),
        Phrase("strength five over five", "strength 5/5"),
        Phrase("a two centimeter laceration", "a 2 cm laceration"),
        Phrase(
            "Blood pressure one hundred twenty over eighty. Pulse seventy two, temperature thirty seven point five degrees.",
            "Blood pressure 120/80. Pulse 72, temperature 37.5 °C."),
        Phrase("Ten milligrams given.", "10 mg given."),
        Phrase("point oh five milligrams", "0.05 mg"),
        Phrase("ninety nine thousand nine hundred ninety nine units", "99,999 units"),
        Phrase("twenty thousand units of heparin", "20,000 units of heparin"),
    ]

    /// Ambiguous, or not a measurement: left exactly as spoken.
    static let keptAsWords: [String] = [
        "no one over eighty was admitted",
        "the one on the left",
        "the one milligram tablet",
        "one of the tablets",
        "she has two children",
        "at this point two options remain",
        "at times two nurses were present",
        "one twenty over eighty",
        "fifteen hundred milligrams",
        "point twenty five milligrams",
        "seen three weeks ago",
        "twenty, milligrams",
        "one hundred twenty\nover eighty",
        "once a day for two days",
        "two times two",
        "every one of them",
        "hundred milligrams",
        "thousand",
        "point",
        "times",
        "over eighty",
        "",
    ]

    @Test("spoken numbers become digits where clinicians write digits", arguments: formatted)
    func formats(phrase: Phrase) {
        #expect(ClinicalNumbers.format(phrase.spoken) == phrase.written)
    }

    @Test("formatting a formatted text changes nothing", arguments: formatted)
    func idempotent(phrase: Phrase) {
        #expect(ClinicalNumbers.format(phrase.written) == phrase.written)
    }

    @Test("ambiguous words stay as spoken", arguments: keptAsWords)
    func keeps(text: String) {
        #expect(ClinicalNumbers.format(text) == text)
    }

    @Test("only en-US text is formatted", arguments: ["nl-NL", "de-DE", "en-GB", "fr-FR"])
    func otherLocales(locale: String) {
        let text = "ten milligrams"
        #expect(ClinicalNumbers.format(text, locale: locale) == text)
        #expect(ClinicalNumbers.spoken("10 mg", locale: locale) == "10 mg")
        #expect(ClinicalNumbers.format(text, locale: "en-US") == "10 mg")
        #expect(ClinicalNumbers.format(text, locale: "en_US") == "10 mg")
    }

    /// The phrases whose spoken form is the one `spoken` gives back (not "point five" for 0.5, "degrees
    /// celsius" for °C, "and" inside a number, a unit said as an adjective: "a two centimeter cut").
    static let roundTrips: [Phrase] = formatted.filter { phrase in
        ![
            "point five milligrams", "point oh five", "temperature thirty eight degrees celsius",
            "one hundred and forty",
            "temperature one hundred one degrees fahrenheit", "two centimeter laceration",
        ]
        .contains { phrase.spoken.contains($0) }
    }

    @Test("the written text says back the words that were spoken", arguments: roundTrips)
    func roundTrip(phrase: Phrase) {
        let written = ClinicalNumbers.format(phrase.spoken)
        #expect(ClinicalNumbers.spoken(written).lowercased() == phrase.spoken.lowercased())
    }

    @Test("words left alone stay the same both ways", arguments: keptAsWords)
    func roundTripWords(text: String) {
        #expect(ClinicalNumbers.spoken(ClinicalNumbers.format(text)) == text)
    }

    @Test("another way of saying it gives the canonical words back")
    func canonical() {
        #expect(ClinicalNumbers.spoken("0.5 mg") == "zero point five milligrams")
        #expect(ClinicalNumbers.spoken("38 °C") == "thirty eight degrees")
        #expect(ClinicalNumbers.spoken("140/90") == "one hundred forty over ninety")
    }

    @Test("digits a person typed are said too, whatever wrote them")
    func typedDigits() {
        #expect(ClinicalNumbers.spoken("Room 12, bed 3.") == "Room twelve, bed three.")
        #expect(ClinicalNumbers.spoken("given 2 g at 0800") == "given two grams at eight hundred")
        #expect(ClinicalNumbers.spoken("L5 and x-ray") == "L5 and x-ray")
        #expect(ClinicalNumbers.spoken("1 mg, then 2 mg") == "one milligram, then two milligrams")
        #expect(ClinicalNumbers.spoken("12 mgs") == "twelve mgs")
    }
}
