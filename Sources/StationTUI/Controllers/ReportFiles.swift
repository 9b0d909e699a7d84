import Foundation
import Localization
import StationCore

/// Writes a report exported from the screen (`x`) into the data directory's private exports folder, in
/// the format chosen: the text with its header (a draft marked as one, no original transcript), the
/// FHIR DocumentReference, or every field as JSON. The words and the header are `ReportExport`'s, as
/// for `reports export`.
public enum ReportFiles {
    /// The file name a format gets: `report-12.txt`, `report-12.fhir.json`, `report-12.json`.
    public static func name(of report: Report, as format: ReportExportFormat) -> String {
        switch format {
        case .text: "report-\(report.id).txt"
        case .fhir: "report-\(report.id).fhir.json"
        case .json: "report-\(report.id).json"
        }
    }

    /// The formats `x` offers, the text first.
    static func options(for report: Report) -> [PickerOption] {
        [
            PickerOption(
                label: tr("Text with its header"), detail: name(of: report, as: .text),
                value: ReportExportFormat.text.rawValue),
            PickerOption(
                label: tr("FHIR DocumentReference"), detail: name(of: report, as: .fhir),
                value: ReportExportFormat.fhir.rawValue),
            PickerOption(
                label: tr("JSON, every field and revision"), detail: name(of: report, as: .json),
                value: ReportExportFormat.json.rawValue),
        ]
    }

    /// Writes the report in `format` into `directory` (0700), the file 0600 from its creation; returns it.
    public static func write(
        _ report: Report, as format: ReportExportFormat, revisions: [ReportRevision], events: [ReportEvent],
        workTypes: WorkTypes, to directory: URL
    ) throws -> URL {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = directory.appendingPathComponent(name(of: report, as: format))
        try writePrivately(
            ReportExport.export(
                report, revisions: revisions, as: format, timeZone: .current, workTypes: workTypes, events: events),
            to: file)
        return file
    }

    /// Creates the file 0600 before any byte is written, so the text is never readable by others.
    static func writePrivately(_ data: Data, to url: URL) throws {
        if !FileManager.default.fileExists(atPath: url.path) {
            guard
                FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteNoPermission) }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: data)
    }
}
