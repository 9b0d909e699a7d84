import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

@Suite("Spoken punctuation and layout")
struct SpokenPunctuationTests {
    /// The en-US table as shipped in the resources.
    static let english = SpokenPunctuation(
        table: PunctuationTables.table(for: ModelLocator.debianModels[0], log: SilentLog()))

    struct Case: Sendable, CustomTestStringConvertible {
        var spoken: String
        var written: String
        var testDescription: String { spoken }
    }

    @Test(
        "commands become marks and breaks, sentences start with a capital",
        arguments: [
            Case(spoken: "the patient is well period", written: "The patient is well."),
            Case(
                spoken: "blood pressure normal full stop pulse regular", written: "Blood pressure normal. Pulse regular"
            ),
            Case(spoken: "hello comma how are you question mark", written: "Hello, how are you?"),
            Case(spoken: "first line new line second line", written: "First line\nSecond line"),
            Case(
                spoken: "history period new paragraph findings colon none exclamation mark",
                written: "History.\n\nFindings: none!"),
            Case(spoken: "period comma the start", written: "The start"),
            Case(spoken: "i think i'm fine", written: "I think I'm fine"),
            Case(spoken: "", written: ""),
        ])
    func english(_ example: Case) {
        #expect(Self.english.format(hypothesis: example.spoken) == example.written)
    }

    @Test("the command words never reach the text")
    func commandWordsGone() {
        let text = Self.english.format(hypothesis: "one period two comma three question mark four new paragraph five")
        for word in ["period", "comma", "question", "mark", "new", "paragraph"] {
            #expect(!WordErrorRate.words(text).contains(word), "\(word) in \(text)")
        }
    }

    @Test("\"period\" and \"colon\" are words where the decoder heard the word, marks where it heard the command word")
    func commandsThatAreWords() {
        var english = Self.english
        english.heardAsCommandWords = Set(english.commandPhrases)
        #expect(
            english.format(hypothesis: "her last menstrual period was two weeks ago")
                == "Her last menstrual period was two weeks ago")
        #expect(
            english.format(hypothesis: "the patient is well period_ she is fine") == "The patient is well. She is fine")
        #expect(english.format(hypothesis: "findings colon_ none") == "Findings: none")
        #expect(english.format(hypothesis: "findings colon none") == "Findings colon none")
        // The other commands are no words of a report: heard either way, they are commands.
        #expect(english.format(hypothesis: "hello comma how are you question mark") == "Hello, how are you?")
        // A decoder without command words hears every command as its words.
        #expect(
            Self.english.format(hypothesis: "the patient is well period she is fine")
                == "The patient is well. She is fine")
    }

    @Test("after an article, \"sigmoid\" or \"menstrual\" a spoken mark is the word: no one means \"the:\"")
    func noMarkAfterAnArticle() {
        var english = Self.english
        english.heardAsCommandWords = Set(english.commandPhrases)
        #expect(english.format(hypothesis: "a biopsy of the colon_ was taken") == "A biopsy of the colon was taken")
        #expect(english.format(hypothesis: "for a period_ of two weeks") == "For a period of two weeks")
        #expect(english.format(hypothesis: "the sigmoid colon_ is normal") == "The sigmoid colon is normal")
        #expect(english.format(hypothesis: "started a new_line_ of treatment") == "Started a new line of treatment")
        #expect(
            english.format(hypothesis: "the knee is swollen colon_ the hip is fine")
                == "The knee is swollen: the hip is fine")
        #expect(Self.english.format(hypothesis: "her last menstrual period was") == "Her last menstrual period was")
    }

    @Test("the en-US table is the shipped data file")
    func shippedTable() {
        #expect(Self.english.table.locale == "en-US")
        #expect(Self.english.table.commands["full stop"] == ".")
        #expect(Self.english.table.commands["new paragraph"] == "\n\n")
    }

    @Test("a locale without a table keeps its words and capitalizes")
    func plain() {
        let plain = SpokenPunctuation(table: .plain(locale: "xx-XX"))
        #expect(plain.format(hypothesis: "bonjour period") == "Bonjour period")
    }
}
