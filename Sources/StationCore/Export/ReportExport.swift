import Foundation

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
        var title = "Report \(report.id)"
        if properties.priority == .urgent { title += " · URGENT" }
        if !report.status.isSigned { title += " · " + draftMark }
        var lines = [
            title,
            "Patient:  \(properties.patient?.display ?? "none given")",
            "Author:   \(report.authorName)",
            "Type:     \(workTypes.type(properties.workType).display)",
            "Created:  \(ReportTimeFormat.minute(report.created, in: timeZone))",
            "Status:   \(report.status.rawValue)\(report.enteredInError == nil ? "" : ", ENTERED IN ERROR")",
        ]
        // The first signature and the latest amendment, as the history has them: the report itself keeps
        // only its latest signature, which for an amended report is the amendment's.
        let signing = events.first { $0.action == .signed }
        let amending = events.last { $0.action == .amended }
        if let signing {
            lines.append(
                "Signed:   \(ReportTimeFormat.minute(signing.time, in: timeZone)) by \(signing.actor ?? "unknown")")
        } else if report.status == .signed, let signer = report.signedBy, let signed = report.signedAt {
            lines.append("Signed:   \(ReportTimeFormat.minute(signed, in: timeZone)) by \(signer)")
        }
        if let amending {
            lines.append(
                "Amended:  \(ReportTimeFormat.minute(amending.time, in: timeZone)) by \(amending.actor ?? "unknown")")
        } else if report.status == .amended, let amender = report.signedBy, let amended = report.signedAt {
            lines.append("Amended:  \(ReportTimeFormat.minute(amended, in: timeZone)) by \(amender)")
        }
        if let mark = report.enteredInError {
            lines.append(
                "In error: \(ReportTimeFormat.minute(mark.at, in: timeZone)) by \(mark.by): \(mark.reason)")
        }
        lines += [
            "Session:  \(report.sessionName)",
            "Duration: \(ElapsedTimeFormat.string(for: report.audioDuration))",
            "Locale:   \(report.locale)",
        ]
        if let audio = report.audioFile { lines.append("Audio:    \(audio.path)") }
        if !revisions.isEmpty {
            let last = revisions[revisions.count - 1]
            lines.append(
                "Revised:  \(revisions.count) time\(revisions.count == 1 ? "" : "s"), "
                    + "last \(ReportTimeFormat.minute(last.created, in: timeZone))")
        }
        let amendments = revisions.filter { $0.reason != nil }
        lines += ["", report.text]
        if !amendments.isEmpty {
            lines += ["", "Amendments:"]
            for amendment in amendments {
                lines.append(
                    "  \(ReportTimeFormat.minute(amendment.created, in: timeZone)) by \(amendment.author ?? "unknown"): "
                        + (amendment.reason ?? ""))
            }
        }
        if !events.isEmpty {
            lines += ["", "History:"]
            for event in events {
                lines.append(
                    "  \(ReportTimeFormat.minute(event.time, in: timeZone))  \(event.action.words) by "
                        + (event.actor ?? "unknown") + (event.reason.map { ": \($0)" } ?? ""))
            }
        }
        if withOriginal, report.originalText != report.text {
            lines += ["", "Original transcript:", report.originalText]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What marks an unsigned report wherever it is exported for a person: it is not for the record yet.
    public static let draftMark = "DRAFT, NOT SIGNED"

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

/// Times as a person reads them in lists, and as other systems read them.
public enum ReportTimeFormat {
    /// `2026-11-30 23:08` in `timeZone`: the whole date, as `DateWording` says it in headers.
    public static func minute(_ date: Date, in timeZone: TimeZone) -> String {
        DateWording(now: date, timeZone: timeZone).full(date)
    }

    /// ISO 8601 in UTC with seconds, `2026-11-30T23:08:50Z`, as FHIR's `instant` requires.
    public static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
