import SpeakerAdaptation
import Testing

@Suite("Word error rate")
struct WordErrorRateTests {
    @Test("counts substitutions, insertions and deletions against the reference")
    func editDistance() {
        let reference = "blood pressure one hundred twenty over eighty".split(separator: " ").map(String.init)
        #expect(WordErrorRate.of(hypothesis: reference, reference: reference).errors == 0)
        let hypothesis = "blood pressure one hundred and twenty eighty".split(separator: " ").map(String.init)
        let rate = WordErrorRate.of(hypothesis: hypothesis, reference: reference)
        #expect(rate.errors == 2, "one insertion (and), one deletion (over)")
        #expect(rate.words == 7)
        #expect(WordErrorRate.of(hypothesis: [], reference: reference).errors == 7)
    }

    @Test("reads a corrected report's text as the words spoken")
    func spokenWords() {
        #expect(
            SpokenWords.of("Patient reports mild knee pain, since Tuesday.") == [
                "patient", "reports", "mild", "knee", "pain", "since", "tuesday",
            ])
    }
}
