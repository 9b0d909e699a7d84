import Foundation
import Localization

/// Turns training outcomes into notifications, and keeps quiet about progress it already told:
/// "needed" is said when the count first shows and again only at each further quarter of the way; a
/// report left out, or a new word, is said once.
public struct VoiceProfileNotices: Sendable {
    public typealias Notice = (kind: StationNotification.Kind, message: String)

    /// Per author and locale, the last quarter of the way announced.
    private var announcedQuarter: [String: Int] = [:]
    /// Per author and locale, the reports left out and the new words already told.
    private var announcedLeftOut: [String: Set<LeftOutReport>] = [:]
    private var announcedWords: [String: Set<String>] = [:]

    public init() {}

    /// Every notification for `outcome`: what came of it, then what it left out and the new words
    /// it learned (said once each). These name reports and words: for the author's screen, never a log.
    public mutating func notices(for outcome: VoiceProfileTrainingOutcome, author: String) -> [Notice] {
        let main = notice(for: outcome, author: author)
        guard case .noted(let plain, let notes) = outcome else { return main.map { [$0] } ?? [] }
        let key = "\(author)\n\(Self.locale(of: plain))"
        let leftOut = notes.leftOut.filter { !announcedLeftOut[key, default: []].contains($0) }
        announcedLeftOut[key, default: []].formUnion(leftOut)
        let words = notes.newWords.filter { !announcedWords[key, default: []].contains($0.word) }
        announcedWords[key, default: []].formUnion(words.map(\.word))
        let locale = Self.locale(of: plain)
        var said = main.map { [$0] } ?? []
        if !leftOut.isEmpty {
            let count = leftOut.count
            let list = leftOut.map(\.said).joined(separator: "; ")
            said.append(
                (
                    .warning,
                    tr(
                        count,
                        one: "Voice profile (\(locale)): \(count) corrected report left out of training: \(list).",
                        other: "Voice profile (\(locale)): \(count) corrected reports left out of training: \(list).")
                ))
        }
        if !words.isEmpty {
            let count = words.count
            let list = words.map(\.word).joined(separator: ", ")
            said.append(
                (
                    .info,
                    tr(
                        count,
                        one:
                            "Voice profile (\(locale)): \(count) new word trained as flite says it: \(list). To have it recognized: vocabulary add WORD.",
                        other:
                            "Voice profile (\(locale)): \(count) new words trained as flite says them: \(list). To have them recognized: vocabulary add WORD."
                    )
                ))
        }
        return said
    }

    static func locale(of outcome: VoiceProfileTrainingOutcome) -> String {
        switch outcome {
        case .collecting(let locale, _, _), .joined(let locale), .updated(let locale, _, _, _),
            .kept(let locale, _, _, _), .failed(let locale, _):
            locale
        case .notDue: ""
        case .noted(let inner, _): locale(of: inner)
        }
    }

    /// The notification for `outcome` itself (its notes aside: no report or word is named, so it also
    /// serves the log), or nil when there is nothing worth saying.
    public mutating func notice(
        for outcome: VoiceProfileTrainingOutcome, author: String
    ) -> Notice? {
        switch outcome {
        case .noted(let plain, _):
            return notice(for: plain, author: author)
        case .notDue, .joined:
            return nil
        case .collecting(let locale, let usable, let needed):
            guard needed > 0, usable < needed else { return nil }
            let key = "\(author)\n\(locale)"
            let quarter = usable * 4 / needed
            if let told = announcedQuarter[key], quarter <= told { return nil }
            announcedQuarter[key] = quarter
            let more = needed - usable
            return (
                .info,
                tr(
                    more,
                    one:
                        "Voice profile (\(locale)): \(more) more corrected dictation needed before it learns your voice (\(usable) of \(needed) so far).",
                    other:
                        "Voice profile (\(locale)): \(more) more corrected dictations needed before it learns your voice (\(usable) of \(needed) so far)."
                )
            )
        case .updated(let locale, let before, let after, let heldBack):
            announcedQuarter["\(author)\n\(locale)"] = nil
            return (
                .info,
                tr(
                    heldBack,
                    one:
                        "Voice profile (\(locale)) updated: \(Self.percent(before)) → \(Self.percent(after)) word errors on your latest dictation.",
                    other:
                        "Voice profile (\(locale)) updated: \(Self.percent(before)) → \(Self.percent(after)) word errors on your \(heldBack) latest dictations."
                )
            )
        case .kept(let locale, let current, let candidate, let heldBack):
            return (
                .info,
                tr(
                    heldBack,
                    one:
                        "Voice profile (\(locale)) kept: the new one was not better (\(Self.percent(candidate)) against \(Self.percent(current)) word errors on your latest dictation).",
                    other:
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
