import Foundation
import Localization

/// Turns training outcomes into notifications, and keeps quiet about progress it already told:
/// "needed" is said when the count first shows and again only at each further quarter of the way.
public struct VoiceProfileNotices: Sendable {
    /// Per author and locale, the last quarter of the way announced.
    private var announcedQuarter: [String: Int] = [:]

    public init() {}

    /// The notification for `outcome`, or nil when there is nothing worth saying.
    public mutating func notice(
        for outcome: VoiceProfileTrainingOutcome, author: String
    ) -> (
        kind: StationNotification.Kind, message: String
    )? {
        switch outcome {
        case .notDue:
            return nil
        case .collecting(let locale, let usable, let needed):
            guard needed > 0, usable < needed else { return nil }
            let key = "\(author)\n\(locale)"
            let quarter = usable * 4 / needed
            if let told = announcedQuarter[key], quarter <= told { return nil }
            announcedQuarter[key] = quarter
            return (
                .info,
                tr(
                    "Voice profile (\(locale)): \(usable) of \(needed) corrected dictations needed before it learns your voice."
                )
            )
        case .updated(let locale, let before, let after, let heldBack):
            announcedQuarter["\(author)\n\(locale)"] = nil
            return (
                .info,
                tr(
                    "Voice profile (\(locale)) updated: \(Self.percent(before)) → \(Self.percent(after)) word errors on your \(heldBack) latest dictations."
                )
            )
        case .kept(let locale, let current, let candidate, let heldBack):
            return (
                .info,
                tr(
                    "Voice profile (\(locale)) kept: the new one was not better (\(Self.percent(candidate)) against \(Self.percent(current)) word errors on your \(heldBack) latest dictations)."
                )
            )
        case .failed(let locale, let reason):
            return (
                .warning,
                tr(
                    "Voice profile (\(locale)) not trained: \(reason). Dictation is unaffected; it is tried again later."
                )
            )
        }
    }

    /// "12.5 %", with the decimal mark of the interface language.
    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let (whole, tenth) = (tenths / 10, abs(tenths % 10))
        // TRANSLATORS: a percentage with one decimal: {0} the whole part, {1} the tenths ("12.5 %").
        return tr("\(whole).\(tenth) %")
    }
}
