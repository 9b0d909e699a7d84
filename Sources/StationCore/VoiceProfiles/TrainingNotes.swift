import Foundation
import Localization

/// What an author should know about the dictations a training was offered: the corrected reports it
/// left out and why, and the words it learned that the dictionary lacked (trained as flite's
/// letter-to-sound rules say them, and proposed to the clinic vocabulary).
public struct TrainingNotes: Sendable, Equatable, Codable {
    public var leftOut: [LeftOutReport]
    /// New words with the phones training gave them.
    public var newWords: [NewWord]

    public init(leftOut: [LeftOutReport] = [], newWords: [NewWord] = []) {
        self.leftOut = leftOut
        self.newWords = newWords
    }

    public var isEmpty: Bool { leftOut.isEmpty && newWords.isEmpty }
}

/// A corrected report training could not use.
public struct LeftOutReport: Sendable, Equatable, Codable, Hashable {
    public enum Reason: String, Sendable, Codable, Hashable {
        /// Its recording is gone.
        case noRecording = "no-recording"
        /// Its text holds no word.
        case noWords = "no-words"
        /// A word no pronunciation could be found for (`word`).
        case unsayable
        /// Training could not align the recording to the text (another text, or mostly silence).
        case notAligned = "not-aligned"
    }

    /// The report's number; nil for dictations that are not reports (the benchmark's).
    public var report: Int64?
    public var reason: Reason
    /// The word without a pronunciation (`unsayable`).
    public var word: String?

    public init(report: Int64?, reason: Reason, word: String? = nil) {
        self.report = report
        self.reason = reason
        self.word = word
    }

    /// Why, in the author's words.
    public var explanation: String {
        switch reason {
        case .noRecording: tr("its recording is gone")
        case .noWords: tr("its text holds no words")
        case .unsayable:
            tr(
                "no pronunciation for “\(word ?? "")”: give one with vocabulary add \(word ?? "WORD") \"PHONES\""
            )
        case .notAligned: tr("its recording could not be matched to its text")
        }
    }

    /// "report 12: why".
    public var said: String {
        guard let report else { return explanation }
        return tr("report \(report): \(explanation)")
    }
}

/// A word the dictionary lacked, as training said it.
public struct NewWord: Sendable, Equatable, Codable, Hashable {
    public var word: String
    public var phones: [String]

    public init(word: String, phones: [String]) {
        self.word = word
        self.phones = phones
    }
}
