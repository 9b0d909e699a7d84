import Localization
import Testing

@Suite("LocalizedText: English at the call site, numbered placeholders in the key", .serialized)
struct LocalizedTextTests {
    /// A catalog of two entries, as a gettext catalog would answer.
    struct Dutch: Translating {
        func translation(of key: String) -> String? {
            ["Paused at {0}.": "Gepauzeerd op {0}.", "{0} of {1}": "{1}: {0}"][key]
        }
        func translation(one: String, other: String, count: Int) -> String? {
            guard one == "{0} report" else { return nil }
            return count == 1 ? "{0} verslag" : "{0} verslagen"
        }
    }

    @Test("An interpolation becomes a numbered placeholder, and the value is kept")
    func key() {
        let name = "Room 12"
        let text: LocalizedText = "Recording \(name) at \(3) min."
        #expect(text.key == "Recording {0} at {1} min.")
        #expect(text.arguments == ["Room 12", "3"])
    }

    @Test("An error goes in as ordinary interpolation shows it")
    func error() {
        struct Refusal: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        let failure: any Error = Refusal()
        let text: LocalizedText = "Could not save: \(failure)."
        #expect(text.key == "Could not save: {0}.")
        #expect(text.arguments == ["the disk is full"])
    }

    @Test("Without a catalog, the English text comes back whole")
    func english() {
        Translation.use(nil)
        #expect(tr("Paused at \("01:12").") == "Paused at 01:12.")
        #expect(tr(1, one: "\(1) report", other: "\(1) reports") == "1 report")
        #expect(tr(2, one: "\(2) report", other: "\(2) reports") == "2 reports")
    }

    @Test("A translation may move the values")
    func translated() {
        Translation.use(Dutch())
        defer { Translation.use(nil) }
        #expect(tr("Paused at \("01:12").") == "Gepauzeerd op 01:12.")
        #expect(tr("\("a") of \("b")") == "b: a")
        #expect(tr(1, one: "\(1) report", other: "\(1) reports") == "1 verslag")
        #expect(tr(5, one: "\(5) report", other: "\(5) reports") == "5 verslagen")
        #expect(tr("Not in the catalog") == "Not in the catalog")
    }

    @Test("A placeholder without a value is shown, not a crash")
    func faultyTranslation() {
        let text: LocalizedText = "Only \(1)"
        #expect(text.filled(into: "{0} {3} {x} {") == "1 {3} {x} {")
    }
}
