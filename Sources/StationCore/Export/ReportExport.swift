import Foundation
import Localization

/// The formats a report is exported in.
public enum ReportExportFormat: String, Sendable, CaseIterable {
    /// For a person: the fields, then the text.
    case text
    /// Every field, every revision, for other programs.
    case json
    /// An HL7 FHIR R4 DocumentReference carrying the text, for an electronic health record.
    case fhir
}

/// Turns stored reports into the bytes a person or another system reads.
public enum ReportExport {
    /// The report in `format`; `revisions` are its corrections, oldest first; times shown to a person
    /// are in `timeZone`.
    public static func export(
        _ report: Report, revisions: [ReportRevision], as format: ReportExportFormat, timeZone: TimeZone,
        workTypes: WorkTypes = .builtIn
    ) throws -> Data {
        switch format {
        case .text: Data(text(report, revisions: revisions, timeZone: timeZone, workTypes: workTypes).utf8)
        case .json: try encode(ReportJSON(report, revisions: revisions, workTypes: workTypes))
        case .fhir: try encode(FHIRDocumentReference(report, workTypes: workTypes))
        }
    }

    /// The report for a person: a header (patient, author, type, dates, status), the current text, the
    /// history of amendments, and the original when it differs.
    public static func text(
        _ report: Report, revisions: [ReportRevision], timeZone: TimeZone, workTypes: WorkTypes = .builtIn,
        events: [ReportEvent] = []
    ) -> String {
        let properties = report.properties
        let labels = ReportHeaderLabels()
        let status = report.status.word + (report.enteredInError == nil ? "" : tr(", ENTERED IN ERROR"))
        var lines = [
            tr("Report \(report.id)") + (properties.priority == .urgent ? tr(" · URGENT") : ""),
            labels.line(labels.patient, properties.patient?.display ?? tr("none given")),
            labels.line(labels.author, report.authorName),
            labels.line(labels.type, workTypes.type(properties.workType).display),
            labels.line(labels.created, TimeWords.dateTime(report.created, in: timeZone)),
            labels.line(labels.status, status),
        ]
        if let signer = report.signedBy, let signed = report.signedAt {
            let when = TimeWords.dateTime(signed, in: timeZone)
            lines.append(labels.line(labels.signed, tr("\(when) by \(signer)")))
        }
        if let mark = report.enteredInError {
            let when = TimeWords.dateTime(mark.at, in: timeZone)
            lines.append(labels.line(labels.inError, tr("\(when) by \(mark.by): \(mark.reason)")))
        }
        lines += [
            labels.line(labels.session, report.sessionName),
            labels.line(labels.duration, ElapsedTimeFormat.string(for: report.audioDuration)),
            labels.line(labels.locale, report.locale),
        ]
        if let audio = report.audioFile { lines.append(labels.line(labels.audio, audio.path)) }
        if !revisions.isEmpty {
            let last = TimeWords.dateTime(revisions[revisions.count - 1].created, in: timeZone)
            let count = revisions.count
            lines.append(
                labels.line(
                    labels.revised, tr(count, one: "\(count) time, last \(last)", other: "\(count) times, last \(last)")
                ))
        }
        let amendments = revisions.filter { $0.reason != nil }
        lines += ["", report.text]
        if !amendments.isEmpty {
            lines += ["", tr("Amendments:")]
            for amendment in amendments {
                let when = TimeWords.dateTime(amendment.created, in: timeZone)
                let author = amendment.author ?? tr("unknown")
                lines.append("  " + tr("\(when) by \(author): \(amendment.reason ?? "")"))
            }
        }
        if !events.isEmpty {
            lines += ["", tr("History:")]
            for event in events {
                let when = TimeWords.dateTime(event.time, in: timeZone)
                let actor = event.actor ?? tr("unknown")
                let step = tr("\(event.action.words) by \(actor)") + (event.reason.map { ": \($0)" } ?? "")
                lines.append("  \(when)  " + step)
            }
        }
        if report.originalText != report.text {
            lines += ["", tr("Original transcript:"), report.originalText]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reports as a JSON array, for `reports --json`.
    public static func jsonList(_ reports: [Report]) throws -> Data {
        try encode(reports.map { ReportJSON($0, revisions: nil, workTypes: .builtIn) })
    }

    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}

/// The labels of a report's header, in the interface language, lined up after the longest.
struct ReportHeaderLabels {
    let patient = tr("Patient:")
    let author = tr("Author:")
    let type = tr("Type:")
    let created = tr("Created:")
    let status = tr("Status:")
    let signed = tr("Signed:")
    let inError = tr("In error:")
    let session = tr("Session:")
    let duration = tr("Duration:")
    let locale = tr("Locale:")
    let audio = tr("Audio:")
    let revised = tr("Revised:")

    /// `label` padded to the longest label and a space, then `value`.
    func line(_ label: String, _ value: String) -> String {
        let width =
            [patient, author, type, created, status, signed, inError, session, duration, locale, audio, revised]
            .map(\.count).max() ?? 0
        return label + String(repeating: " ", count: width + 1 - label.count) + value
    }
}

/// Times as a person reads them in lists, and as other systems read them.
public enum ReportTimeFormat {
    /// `2026-11-30 23:08` in `timeZone`.
    public static func minute(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }

    /// ISO 8601 in UTC with seconds, `2026-11-30T23:08:50Z`, as FHIR's `instant` requires.
    public static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
