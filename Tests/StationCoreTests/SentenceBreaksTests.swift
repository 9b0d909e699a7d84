import Foundation
import StationCore
import Testing

/// A dictation written as words with the pause after each: "the patient is well |0.8 +1.5| she slept"
/// is a pause of 0.8 s after "well", where the language model's evidence of a sentence end is +1.5.
struct Dictated {
    var words: [SpokenWord] = []

    init(_ script: String) {
        var time = Duration.zero
        for token in script.split(separator: " ") {
            if token.hasPrefix("|") {
                let parts = token.dropFirst().dropLast().split(separator: ",").map { Double($0) ?? 0 }
                time += .milliseconds(Int(parts[0] * 1000))
                if parts.count > 1, !words.isEmpty { words[words.count - 1].sentenceEnd = parts[1] }
                continue
            }
            // Between words without a pause: 50 ms, and a modest evidence against an end.
            if !words.isEmpty, words[words.count - 1].end == time {
                time += .milliseconds(50)
                if words[words.count - 1].sentenceEnd == nil { words[words.count - 1].sentenceEnd = -2 }
            }
            words.append(SpokenWord(text: String(token), start: time, end: time + .milliseconds(300)))
            time += .milliseconds(300)
        }
    }
}

@Suite("Sentences and paragraphs from how people speak")
struct SentenceBreaksTests {
    static let english = SpokenPunctuation(
        table: PunctuationTable(
            locale: "en-US",
            commands: [
                "period": ".", "full stop": ".", "comma": ",", "question mark": "?", "colon": ":",
                "new line": "\n", "new paragraph": "\n\n",
            ],
            sentenceEnds: [".", "?", "!"], words: ["i": "I"]))

    func written(_ script: String) -> String {
        Self.english.format(Dictated(script).words, breaks: .standard)
    }

    @Test("a pause after a complete phrase ends the sentence: a full stop, a capital after it")
    func sentenceEnd() {
        #expect(written("the knee is swollen |0.6,0.5| she slept well") == "The knee is swollen. She slept well.")
        #expect(written("pain since monday |0.35,1.2| no fever") == "Pain since monday. No fever.")
    }

    @Test("a pause the language model does not find an end at ends nothing")
    func pauseAlone() {
        #expect(written("the patient |0.6,-4| reports pain") == "The patient reports pain.")
        #expect(written("pain in the |1.2,-5| left knee") == "Pain in the left knee.")
        #expect(written("pain in the knee |0.5,-2.6| and the hip") == "Pain in the knee and the hip.")
    }

    @Test("a likely end without a pause ends nothing")
    func noPause() {
        #expect(written("the knee is swollen |0.1,2| she slept well") == "The knee is swollen she slept well.")
    }

    @Test("a long pause ends the sentence unless the model is sure it goes on")
    func longPause() {
        #expect(written("the knee is swollen |1.0,-2.5| she slept well") == "The knee is swollen. She slept well.")
        #expect(written("pain in the |1.0,-6| knee") == "Pain in the knee.")
    }

    @Test("a pause over two seconds starts a new paragraph")
    func paragraph() {
        #expect(
            written("pulse eighty eight |2.5,0.5| on examination the abdomen is soft")
                == "Pulse eighty eight.\n\nOn examination the abdomen is soft.")
        #expect(written("pain in the |3,-6| knee") == "Pain in the knee.", "not in the middle of a phrase")
    }

    @Test("spoken commands win: no full stop next to a command, and new paragraph still breaks")
    func commandsWin() {
        #expect(written("the knee comma |0.8,1| the hip") == "The knee, the hip.")
        #expect(written("the knee |0.8,1| comma the hip") == "The knee, the hip.")
        #expect(written("the knee is swollen period |0.8,1| she slept") == "The knee is swollen. She slept.")
        #expect(written("history |0.8,1| new paragraph findings") == "History\n\nFindings.")
        #expect(written("history new paragraph |2.5,1| findings") == "History\n\nFindings.")
        #expect(written("any pain question mark |1,1| none") == "Any pain? None.")
        #expect(written("findings colon |2.5,1| none") == "Findings: none.", "no paragraph after a colon")
    }

    @Test("after a spoken full stop, a long pause also starts a paragraph")
    func paragraphAfterCommand() {
        #expect(written("pulse eighty eight period |2.5| on examination") == "Pulse eighty eight.\n\nOn examination.")
    }

    @Test("without the model's evidence only a long pause ends a sentence")
    func noEvidence() {
        var short = Dictated("the knee is swollen |0.6| she slept")
        short.words = short.words.map {
            var word = $0; word.sentenceEnd = nil; return word
        }
        #expect(Self.english.format(short.words, breaks: .standard) == "The knee is swollen she slept.")
        var long = Dictated("the knee is swollen |1.2| she slept")
        long.words = long.words.map {
            var word = $0; word.sentenceEnd = nil; return word
        }
        #expect(Self.english.format(long.words, breaks: .standard) == "The knee is swollen. She slept.")
    }

    @Test("the live text (no times) gets no sentence ends of its own")
    func live() {
        #expect(Self.english.format(hypothesis: "the knee is swollen she slept") == "The knee is swollen she slept")
    }

    @Test("a word of the decoder's that ends in a dot does not start a sentence")
    func dottedWord() {
        #expect(Self.english.format(hypothesis: "seen at three p.m. today") == "Seen at three p.m. today")
    }

    @Test("a command said as one decoder word is its phrase")
    func commandTokens() {
        #expect(CommandToken.token(for: ["new", "paragraph"]) == "new_paragraph_")
        #expect(CommandToken.phrase(of: "new_paragraph_") == ["new", "paragraph"])
        #expect(CommandToken.phrase(of: "comma_") == ["comma"])
        #expect(CommandToken.phrase(of: "comma") == nil)
        #expect(CommandToken.phrase(of: "_") == nil)
        #expect(CommandToken.phrase(of: "a__b_") == nil)
        #expect(
            Self.english.format(hypothesis: "history new_paragraph_ pain comma_ swelling")
                == "History\n\nPain, swelling")
        let word = RecognizedWord(text: "new_paragraph_", start: .seconds(1), end: .seconds(2), confidence: 0.9)
        let parts = CommandToken.expanded([word])
        #expect(parts.map(\.text) == ["new", "paragraph"])
        #expect(parts[0].start == .seconds(1) && parts[1].end == .seconds(2) && parts[0].end == parts[1].start)
    }
}

@Suite("The patient's name as the session has it")
struct PatientNameTextTests {
    let jansen = Patient(name: "Jansen, M.", identifier: "123456")

    @Test("the decoder's lower-case name is written as the session has it")
    func written() {
        #expect(PatientNameText.written("Mrs jansen was seen today.", patient: jansen) == "Mrs Jansen was seen today.")
        #expect(PatientNameText.written("jansen's knee", patient: jansen) == "Jansen's knee")
        #expect(
            PatientNameText.written("seen with de vries", patient: Patient(name: "Maria de Vries"))
                == "seen with de Vries")
        #expect(PatientNameText.written("mr o'brien", patient: Patient(name: "Sean O'Brien")) == "mr O'Brien")
    }

    @Test("other words, initials and parts of words stay as they are")
    func leftAlone() {
        #expect(PatientNameText.written("m was seen", patient: jansen) == "m was seen")
        #expect(PatientNameText.written("jansens", patient: jansen) == "jansens")
        #expect(PatientNameText.written("no patient", patient: Patient()) == "no patient")
    }

    @Test("a name that is an everyday word changes only after a title or beside the rest of the name")
    func everydayWords() {
        let brown = Patient(name: "Anna Brown")
        #expect(PatientNameText.written("brown sputum", patient: brown) == "brown sputum")
        #expect(PatientNameText.written("mrs brown has brown sputum", patient: brown) == "mrs Brown has brown sputum")
        #expect(PatientNameText.written("anna brown", patient: brown) == "Anna Brown")
    }

    @Test("a report made with the session's patient has the name in its text, the transcript as decoded")
    func report() {
        let transcription = Transcription(
            text: "Mrs jansen has a temperature of thirty eight degrees.", locale: "en-US", audioDuration: .seconds(4))
        let report = NewReport(
            transcribed: transcription, sessionName: "Room 12", created: Date(timeIntervalSince1970: 0),
            audioFile: nil, author: "anna", properties: DictationProperties(patient: jansen))
        #expect(report.text == "Mrs Jansen has a temperature of 38 °C.")
        #expect(report.transcript == transcription.text)
    }
}
