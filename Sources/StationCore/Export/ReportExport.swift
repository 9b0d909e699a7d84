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
    ///
    /// The text leaves the original transcript out unless `withOriginal`: it is what the decoder heard,
    /// not what a person wrote, and has no place in a letter.
    public static func export(
        _ report: Report, revisions: [ReportRevision], as format: ReportExportFormat, timeZone: TimeZone,
        workTypes: WorkTypes = .builtIn, events: [ReportEvent] = [], withOriginal: Bool = false
    ) throws -> Data {
        switch format {
        case .text:
            Data(
                text(
                    report, revisions: revisions, timeZone: timeZone, workTypes: workTypes, events: events,
                    withOriginal: withOriginal
                ).utf8)
        case .json: try encode(ReportJSON(report, revisions: revisions, workTypes: workTypes))
        case .fhir: try encode(FHIRDocumentReference(report, workTypes: workTypes))
        }
    }

    /// The report for a person: a header (patient, author, type, dates, status; an unsigned report is
    /// marked DRAFT in its first line), the current text, the history of amendments, and with
    /// `withOriginal` the original transcript when it differs.
    public static func text(
        _ report: Report, revisions: [ReportRevision], timeZone: TimeZone, workTypes: WorkTypes = .builtIn,
        events: [ReportEvent] = [], withOriginal: Bool = true
    ) -> String {
        let properties = report.properties
        let labels = ReportHeaderLabels()
        let status = report.status.word + (report.enteredInError == nil ? "" : tr(", ENTERED IN ERROR"))
        var title = tr("Report \(report.id)")
        if properties.priority == .urgent { title += tr(" · URGENT") }
        if !report.status.isSigned { title += " · " + draftMark }
        var lines = [
            title,
            labels.line(labels.patient, properties.patient?.display ?? tr("none given")),
            labels.line(labels.author, report.authorName),
            labels.line(labels.type, workTypes.type(properties.workType).display),
            labels.line(labels.created, DateWording.full(report.created, in: timeZone)),
            labels.line(labels.status, status),
        ]
        // The first signature and the latest amendment, as the history has them: the report itself keeps
        // only its latest signature, which for an amended report is the amendment's.
        let signing = events.first { $0.action == .signed }
        let amending = events.last { $0.action == .amended }
        /// "Signed: 1 December 2026 21:30 by anna".
        func step(_ label: String, at time: Date, by actor: String?) -> String {
            let when = DateWording.full(time, in: timeZone)
            let who = actor ?? tr("unknown")
            return labels.line(label, tr("\(when) by \(who)"))
        }
        if let signing {
            lines.append(step(labels.signed, at: signing.time, by: signing.actor))
        } else if report.status == .signed, let signer = report.signedBy, let signed = report.signedAt {
            lines.append(step(labels.signed, at: signed, by: signer))
        }
        if let amending {
            lines.append(step(labels.amended, at: amending.time, by: amending.actor))
        } else if report.status == .amended, let amender = report.signedBy, let amended = report.signedAt {
            lines.append(step(labels.amended, at: amended, by: amender))
        }
        if let mark = report.enteredInError {
            let when = DateWording.full(mark.at, in: timeZone)
            lines.append(labels.line(labels.inError, tr("\(when) by \(mark.by): \(mark.reason)")))
        }
        lines += [
            labels.line(labels.session, report.sessionName),
            labels.line(labels.duration, ElapsedTimeFormat.string(for: report.audioDuration)),
            labels.line(labels.locale, report.locale),
        ]
        if let audio = report.audioFile { lines.append(labels.line(labels.audio, audio.path)) }
        if !revisions.isEmpty {
            let last = DateWording.full(revisions[revisions.count - 1].created, in: timeZone)
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
                let when = DateWording.full(amendment.created, in: timeZone)
                let author = amendment.author ?? tr("unknown")
                lines.append("  " + tr("\(when) by \(author): \(amendment.reason ?? "")"))
            }
        }
        if !events.isEmpty {
            lines += ["", tr("History:")]
            for event in events {
                let when = DateWording.full(event.time, in: timeZone)
                let actor = event.actor ?? tr("unknown")
                let step = tr("\(event.action.words) by \(actor)") + (event.reason.map { ": \($0)" } ?? "")
                lines.append("  \(when)  " + step)
            }
        }
        if withOriginal, report.originalText != report.text {
            lines += ["", tr("Original transcript:"), report.originalText]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What marks an unsigned report wherever it is exported for a person: it is not for the record yet.
    public static var draftMark: String { tr("DRAFT, NOT SIGNED") }

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
    let amended = tr("Amended:")
    let inError = tr("In error:")
    let session = tr("Session:")
    let duration = tr("Duration:")
    let locale = tr("Locale:")
    let audio = tr("Audio:")
    let revised = tr("Revised:")

    /// `label` padded to the longest label and a space, then `value`.
    func line(_ label: String, _ value: String) -> String {
        let width =
            [
                patient, author, type, created, status, signed, amended, inError, session, duration, locale, audio,
                revised,
            ]
            .map(\.count).max() ?? 0
        return label + String(repeating: " ", count: width + 1 - label.count) + value
    }
}

/// Times as other systems read them (a person reads `TimeWords` and `DateWording`).
public enum ReportTimeFormat {
    /// ISO 8601 in UTC with seconds, `2026-11-30T23:08:50Z`, as FHIR's `instant` requires.
    public static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
