import StationCore
import Testing

@Suite("Times, dates and dose frequencies as clinicians write them")
struct ClinicalTimesDatesTests {
    static let formatted: [Phrase] = [
        // Times of day.
        Phrase("seen at three p m", "seen at 3 PM"),
        Phrase("seen at three p.m. today", "seen at 3 PM today"),
        Phrase("Seen at three p.m.", "Seen at 3 PM"),
        Phrase("seen at three pm", "seen at 3 PM"),
        Phrase("given at ten a m", "given at 10 AM"),
        Phrase("given at ten a.m. and two p.m.", "given at 10 AM and 2 PM"),
        Phrase("seen at three thirty p m", "seen at 3:30 PM"),
        Phrase("woke at ten oh five a m", "woke at 10:05 AM"),
        Phrase("pain began at eleven forty five p m", "pain began at 11:45 PM"),
        Phrase("seen at twelve p m", "seen at 12 PM"),
        Phrase("at fifteen thirty", "at 15:30"),
        Phrase("the fall happened at fifteen thirty yesterday", "the fall happened at 15:30 yesterday"),
        Phrase("at twenty three fifteen", "at 23:15"),
        Phrase("at oh eight fifteen", "at 08:15"),
        Phrase("at ten thirty", "at 10:30"),
        Phrase("at fifteen hundred hours", "at 15:00"),
        Phrase("at oh eight hundred hours", "at 08:00"),
        Phrase("at fifteen thirty hours", "at 15:30"),
        // Dates.
        Phrase("since march third", "since March 3"),
        Phrase("on march the third", "on March 3"),
        Phrase("seen on the third of march", "seen on March 3"),
        Phrase("admitted january twenty first", "admitted January 21"),
        Phrase("surgery on august thirty first twenty twenty four", "surgery on August 31, 2024"),
        Phrase("born on july fourth nineteen fifty two", "born on July 4, 1952"),
        Phrase("since february twenty ninth two thousand and twenty", "since February 29, 2020"),
        Phrase("seen on may first", "seen on May 1"),
        Phrase("the tenth of may", "May 10"),
        Phrase("discharged december thirtieth", "discharged December 30"),
        Phrase("since march third, twenty milligrams daily", "since March 3, 20 mg daily"),
        // Dose frequencies and routes.
        Phrase("amoxicillin five hundred milligrams b i d", "amoxicillin 500 mg BID"),
        Phrase("metformin t i d with meals", "metformin TID with meals"),
        Phrase("paracetamol one gram q i d p r n", "paracetamol 1 g QID PRN"),
        Phrase("morphine two milligrams i v q four h p r n", "morphine 2 mg IV q4h PRN"),
        Phrase("ibuprofen p o q six hours", "ibuprofen PO q6h"),
        Phrase("n p o from midnight", "NPO from midnight"),
        Phrase("take one tablet b I d", "take one tablet BID"),
        Phrase("a p r n dose", "a PRN dose"),
    ]

    /// Ambiguous, unsafe to abbreviate, or not a time, date or frequency: left exactly as spoken.
    static let keptAsWords: [String] = [
        "twice daily",
        "once daily",
        "three times a day",
        "fifteen thirty",
        "at one twenty",
        "at two thirty",
        "at fifteen hundred",
        "at fifteen hundred milligrams",
        "at one fifty milligrams",
        "at ten thirty over sixty",
        "at three o'clock",
        "seen at three",
        "in march",
        "march three",
        "we may first try rest",
        "february thirtieth",
        "q d",
        "q o d",
        "h s",
        "s c",
        "x b i d",
        "b i d s",
        "p m",
        "a m",
        "i am here",
        "twenty three p m",
        "q four days",
    ]

    @Test("spoken times, dates and frequencies are written as clinicians write them", arguments: formatted)
    func formats(phrase: Phrase) {
        #expect(ClinicalNumbers.format(phrase.spoken) == phrase.written)
    }

    @Test("formatting the written text changes nothing", arguments: formatted)
    func idempotent(phrase: Phrase) {
        #expect(ClinicalNumbers.format(phrase.written) == phrase.written)
    }

    @Test("ambiguous or unsafe words stay as spoken", arguments: keptAsWords)
    func keeps(text: String) {
        #expect(ClinicalNumbers.format(text) == text)
    }

    @Test("only en-US text is formatted", arguments: ["nl-NL", "de-DE", "en-GB"])
    func otherLocales(locale: String) {
        #expect(ClinicalNumbers.format("at three p m b i d", locale: locale) == "at three p m b i d")
        #expect(ClinicalNumbers.format("at three p m b i d", locale: "en-US") == "at 3 PM BID")
    }

    /// The canonical spoken forms: what `spoken` gives back for the written text.
    static let roundTrips: [Phrase] = formatted.filter { phrase in
        ![
            "p.m.", "a.m.", "pm", "march the third", "third of march", "tenth of may", "two thousand and",
            "thirty hours", "q six hours", "b I d",
        ]
        .contains { phrase.spoken.contains($0) }
    }

    @Test("the written text says back the words that were spoken", arguments: roundTrips)
    func roundTrip(phrase: Phrase) {
        let written = ClinicalNumbers.format(phrase.spoken)
        #expect(ClinicalNumbers.spoken(written).lowercased() == phrase.spoken.lowercased())
    }

    @Test("other ways of saying it give the canonical words back")
    func canonical() {
        #expect(ClinicalNumbers.spoken("at 3 PM") == "at three p m")
        #expect(ClinicalNumbers.spoken("March 3, 2024") == "march third twenty twenty four")
        #expect(ClinicalNumbers.spoken("since June 2, 2005") == "since june second two thousand five")
        #expect(ClinicalNumbers.spoken("ibuprofen PO q6h") == "ibuprofen p o q six h")
        #expect(ClinicalNumbers.spoken("at 15:00") == "at fifteen hundred hours")
        #expect(ClinicalNumbers.spoken("POST op, BIDS") == "POST op, BIDS")
    }

    @Test("words left alone stay the same both ways", arguments: keptAsWords)
    func roundTripWords(text: String) {
        #expect(ClinicalNumbers.spoken(ClinicalNumbers.format(text)) == text)
    }
}
