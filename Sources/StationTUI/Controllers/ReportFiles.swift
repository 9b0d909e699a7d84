import Foundation
import StationCore

/// Writes a report as plain text and as JSON into a private directory.
public enum ReportFiles {
    /// Writes `report-<id>.txt` (the text alone, to paste elsewhere) and `report-<id>.json` (every field
    /// and revision, as `reports export --format json` writes it), 0600, into `directory` (0700); returns
    /// the text file.
    public static func write(_ report: Report, revisions: [ReportRevision], to directory: URL) throws -> URL {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let text = directory.appendingPathComponent("report-\(report.id).txt")
        let json = directory.appendingPathComponent("report-\(report.id).json")
        try writePrivately(Data((report.text + "\n").utf8), to: text)
        try writePrivately(
            ReportExport.export(report, revisions: revisions, as: .json, timeZone: .current), to: json)
        return text
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
