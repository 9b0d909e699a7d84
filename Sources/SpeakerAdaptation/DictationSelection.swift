import Foundation
import StationCore

/// Which of an author's corrected dictations a training can use, which it leaves out and why, and the
/// words their texts hold that the dictionary lacks, with the pronunciations training gives them (the
/// way `vocabulary add` does: flite's lexicon and letter-to-sound rules for en-US). A new word is what
/// a clinic's vocabulary is made of: a dictation holding one trains, never silently drops out.
public struct DictationSelection: Sendable {
    public var usable: [CorrectedDictation] = []
    public var leftOut: [LeftOutReport] = []
    public var newWords: [NewWord] = []
    /// The dictionary training reads: the one given and the new words.
    public var dictionary: PronunciationDictionary

    public var notes: TrainingNotes { TrainingNotes(leftOut: leftOut, newWords: newWords) }

    /// Sorts `dictations` (newest first, kept so). `pronounce` gives a word the dictionary lacks its
    /// phones, or nil when there is none to give (then the dictation is left out, naming the word).
    public init(
        _ dictations: [CorrectedDictation], dictionary: PronunciationDictionary,
        pronounce: (String) -> [String]? = { _ in nil }
    ) {
        self.dictionary = dictionary
        var pronounced: [String: [String]?] = [:]
        for dictation in dictations {
            guard FileManager.default.fileExists(atPath: dictation.audioFile.path) else {
                leftOut.append(LeftOutReport(report: dictation.report, reason: .noRecording))
                continue
            }
            let words = SpokenWords.of(dictation.text)
            guard !words.isEmpty else {
                leftOut.append(LeftOutReport(report: dictation.report, reason: .noWords))
                continue
            }
            var missing: [String] = []
            for word in words where !self.dictionary.knows(word) && !missing.contains(word) { missing.append(word) }
            for word in missing where pronounced[word] == nil { pronounced[word] = .some(pronounce(word)) }
            if let unsayable = missing.first(where: { pronounced[$0] == .some(nil) }) {
                leftOut.append(LeftOutReport(report: dictation.report, reason: .unsayable, word: unsayable))
                continue
            }
            let found = missing.compactMap { word -> NewWord? in
                guard case .some(.some(let phones)) = pronounced[word] else { return nil }
                return NewWord(word: word, phones: phones)
            }
            newWords += found
            self.dictionary = self.dictionary.adding(found)
            usable.append(dictation)
        }
    }
}
