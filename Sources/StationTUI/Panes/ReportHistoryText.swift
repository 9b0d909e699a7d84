import Localization
import StationCore

/// The words of a report's workflow in the report view: about whom, by whom, signed by whom, and each
/// step of its history.
@MainActor
enum ReportHistoryText {
    /// "Patient: Jansen (123) · Progress note · urgent · by anna".
    static func about(_ report: Report, types: WorkTypes) -> String {
        var parts = [tr("Patient:") + " " + SafeText.line(report.properties.patient?.display ?? tr("none"))]
        parts.append(SafeText.line(types.type(report.properties.workType).display))
        if report.properties.priority == .urgent { parts.append(tr("URGENT")) }
        parts.append(tr("dictated by ") + SafeText.line(report.authorName))
        return parts.joined(separator: " · ")
    }

    /// "Signed by anna on 12-01 10:05", for a signed or amended report.
    static func signature(_ report: Report) -> String? {
        guard report.status.isSigned else { return nil }
        let by = SafeText.line(report.signedBy ?? tr("unknown"))
        let at = report.signedAt.map { tr(" on \(ReportListPane.timestamp($0))") } ?? ""
        return tr("Signed by \(by)\(at)")
    }

    /// "Entered in error by anna on 12-01 10:05: wrong patient", for a report taken out of use.
    static func enteredInError(_ report: Report) -> String? {
        guard let mark = report.enteredInError else { return nil }
        return tr("Entered in error by \(SafeText.line(mark.by)) on \(ReportListPane.timestamp(mark.at)): ")
            + SafeText.line(mark.reason)
    }

    /// One line per step, the newest `room` of them, with a line saying how many earlier ones are not shown.
    static func lines(_ events: [ReportEvent], room: Int) -> [String] {
        guard !events.isEmpty else { return [] }
        let shown = events.suffix(max(1, room - (events.count > room ? 1 : 0)))
        let earlier = events.count - shown.count
        var lines =
            earlier > 0
            ? [tr(earlier, one: "History: \(earlier) earlier step", other: "History: \(earlier) earlier steps")] : []
        lines += shown.map(line)
        return lines
    }

    /// "12-01 10:05 amended by anna: dosage corrected".
    static func line(_ event: ReportEvent) -> String {
        var text = tr("\(ReportListPane.timestamp(event.time)) \(event.action.words) by ")
        text += SafeText.line(event.actor ?? tr("unknown author"))
        if let reason = event.reason { text += ": " + SafeText.line(reason) }
        return text
    }
}
