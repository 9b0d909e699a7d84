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

    /// The last line of `output` that is a report, if any.
    public static func parse(lastLineOf output: String) -> ProfileUpdateReport? {
        for line in output.split(separator: "\n").reversed() {
            if let report = try? JSONDecoder().decode(ProfileUpdateReport.self, from: Data(line.utf8)) {
                return report
            }
        }
        return nil
    }

    /// The outcome as the station's port gives it.
    public var outcome: VoiceProfileTrainingOutcome {
        let before = previousPercent ?? stockPercent ?? 0
        switch result {
        case .updated:
            return .updated(locale: locale, before: before, after: candidatePercent ?? 0, heldBack: heldBack ?? 0)
        case .kept:
            return .kept(locale: locale, current: before, candidate: candidatePercent ?? 0, heldBack: heldBack ?? 0)
        case .collecting: return .collecting(locale: locale, usable: usable ?? 0, needed: needed ?? 0)
        case .notDue: return .notDue
        case .failed: return .failed(locale: locale, reason: reason ?? tr("the training failed"))
        }
    }
}
