import Foundation
import Localization
import StationCore

/// What `profiles update --json` prints on one line: the outcome of one update, with its figures and
/// never any dictated text. The station's background training reads it back.
public struct ProfileUpdateReport: Codable, Sendable, Equatable {
    public enum Result: String, Codable, Sendable {
        /// A new profile is in use.
        case updated
        /// One was trained but was not better; what the author had stays.
        case kept
        /// Too few usable dictations for a first profile.
        case collecting
        /// Too few new ones since the last training (`--if-due`).
        case notDue = "not-due"
        /// Another training waited already; this request is that one's (`TrainingQueue`).
        case joined
        case failed
    }

    public var result: Result
    public var author: String
    public var locale: String
    public var usable: Int?
    public var needed: Int?
    public var heldBack: Int?
    public var stockPercent: Double?
    /// The profile in use before, measured on the same held-back dictations.
    public var previousPercent: Double?
    /// The best new candidate's, and its kind.
    public var candidatePercent: Double?
    public var kind: String?
    public var trainingSeconds: Double?
    /// Why it failed, for the author: no tool output, no dictated words.
    public var reason: String?
    /// The reports left out and why, and the new words trained (the words a person dictated: this
    /// line goes to the author's screen, never to a log).
    public var leftOut: [LeftOutReport]?
    public var newWords: [NewWord]?
    /// The comparison the gate decided on: every candidate's figures and test, kept or refused.
    public var comparison: ProfileComparison?

    /// The notes of the dictations offered.
    public var notes: TrainingNotes {
        get { TrainingNotes(leftOut: leftOut ?? [], newWords: newWords ?? []) }
        set {
            leftOut = newValue.leftOut.isEmpty ? nil : newValue.leftOut
            newWords = newValue.newWords.isEmpty ? nil : newValue.newWords
        }
    }

    public init(result: Result, author: String, locale: String) {
        self.result = result
        self.author = author
        self.locale = locale
    }

    /// The report as one JSON line.
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The last line of `output` that is a report (of `author` in `locale`, when given), if any: a
    /// training's turn may update other authors' profiles too, a line each.
    public static func parse(
        lastLineOf output: String, author: String? = nil, locale: String? = nil
    ) -> ProfileUpdateReport? {
        for line in output.split(separator: "\n").reversed() {
            guard let report = try? JSONDecoder().decode(ProfileUpdateReport.self, from: Data(line.utf8)) else {
                continue
            }
            if let author, report.author != author { continue }
            if let locale, report.locale != locale { continue }
            return report
        }
        return nil
    }

    /// The outcome as the station's port gives it, with its notes.
    public var outcome: VoiceProfileTrainingOutcome {
        let notes = notes
        return notes.isEmpty ? plainOutcome : .noted(plainOutcome, notes)
    }

    private var plainOutcome: VoiceProfileTrainingOutcome {
        let before = previousPercent ?? stockPercent ?? 0
        switch result {
        case .updated:
            return .updated(locale: locale, before: before, after: candidatePercent ?? 0, heldBack: heldBack ?? 0)
        case .kept:
            return .kept(locale: locale, current: before, candidate: candidatePercent ?? 0, heldBack: heldBack ?? 0)
        case .collecting: return .collecting(locale: locale, usable: usable ?? 0, needed: needed ?? 0)
        case .notDue: return .notDue
        case .joined: return .joined(locale: locale)
        case .failed: return .failed(locale: locale, reason: reason ?? tr("the training failed"))
        }
    }
}
