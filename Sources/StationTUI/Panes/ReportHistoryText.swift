import Localization
import StationCore

/// The words of a report's workflow in the report view: its state, about whom, by whom, signed and
/// amended by whom, and each step of its history. Each state is said once, and every date carries its
/// year or says today or yesterday (`DateWording`).
@MainActor
enum ReportHistoryText {
    /// "Dictated 2025-12-01 21:59 · 00:42 · en-US · corrected, not signed": the report's one state word.
    static func details(_ report: Report, dates: DateWording) -> String {
        var parts = [
            tr("Dictated \(dates.full(report.created))"), ElapsedTimeFormat.string(for: report.audioDuration),
            report.locale, state(report),
        ]
        if report.enteredInError != nil { parts.append(tr("entered in error")) }
        return parts.joined(separator: " · ")
    }

    /// The phase in words, once: a corrected report says it is not signed yet; a signed one that was
    /// corrected first is simply signed (its history says the rest).
    static func state(_ report: Report) -> String {
        switch report.status {
        case .draft: tr("draft")
        case .corrected: tr("corrected, not signed")
        case .signed: tr("signed")
        case .amended: tr("amended after signing")
        }
    }

    /// The patient's label: the name is cut before the identifier.
    static func patient(_ report: Report) -> [LabelPart] {
        [LabelPart(tr("Patient: "))] + LabelPart.patient(report.properties.patient, none: tr("none"))
    }

    /// "Progress note · URGENT · dictated by anna".
    static func about(_ report: Report, types: WorkTypes) -> String {
        var parts = [SafeText.line(types.type(report.properties.workType).display)]
        if report.properties.priority == .urgent { parts.append(tr("URGENT")) }
        parts.append(tr("dictated by \(SafeText.line(report.authorName))"))
        return parts.joined(separator: " · ")
    }

    /// "Signed by anna on 2025-12-01 22:03", and for an amended report "…; amended by anna on
    /// 2025-12-01 22:04", as its history has them (the report itself keeps only the latest signature).
    static func signature(_ report: Report, history: [ReportEvent], dates: DateWording) -> String? {
        guard report.status.isSigned else { return nil }
        let who = { (name: String?) in SafeText.line(name ?? tr("unknown")) }
        let signed = history.first { $0.action == .signed }
        guard report.status == .amended else {
            let by = who(signed?.actor ?? report.signedBy)
            guard let at = signed?.time ?? report.signedAt else { return tr("Signed by \(by)") }
            return tr("Signed by \(by) on \(dates.full(at))")
        }
        let amended = history.last { $0.action == .amended }
        let amender = who(amended?.actor ?? report.signedBy)
        let amendment =
            (amended?.time ?? report.signedAt).map { tr("amended by \(amender) on \(dates.full($0))") }
            ?? tr("amended by \(amender)")
        guard let signed else { return tr("Signed; \(amendment)") }
        return tr("Signed by \(who(signed.actor)) on \(dates.full(signed.time)); \(amendment)")
    }

    /// "Entered in error by anna on 2025-12-01 10:05: wrong patient", for a report taken out of use.
    static func enteredInError(_ report: Report, dates: DateWording) -> String? {
        guard let mark = report.enteredInError else { return nil }
        return tr(
            "Entered in error by \(SafeText.line(mark.by)) on \(dates.full(mark.at)): \(SafeText.line(mark.reason))")
    }

    /// One line per step, the newest `room` of them, with a line saying how many earlier ones are not shown.
    static func lines(_ events: [ReportEvent], room: Int, dates: DateWording) -> [String] {
        guard !events.isEmpty else { return [] }
        let shown = events.suffix(max(1, room - (events.count > room ? 1 : 0)))
        let earlier = events.count - shown.count
        var lines =
            earlier > 0
            ? [tr(earlier, one: "History: \(earlier) earlier step", other: "History: \(earlier) earlier steps")] : []
        lines += shown.map { line($0, dates: dates) }
        return lines
    }

    /// "yesterday 10:05 amended by anna: dosage corrected".
    static func line(_ event: ReportEvent, dates: DateWording) -> String {
        let actor = SafeText.line(event.actor ?? tr("unknown author"))
        let step = tr("\(dates.short(event.time)) \(event.action.words) by \(actor)")
        guard let reason = event.reason else { return step }
        return step + ": " + SafeText.line(reason)
    }
}
