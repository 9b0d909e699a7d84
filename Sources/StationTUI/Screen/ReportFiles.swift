import Foundation
import StationCore

/// Writes a report as plain text and as JSON into a private directory.
public enum ReportFiles {
    /// Writes `report-<id>.txt` and `report-<id>.json` (0600) into `directory` (0700); returns the text file.
    public static func write(_ report: Report, to directory: URL) throws -> URL {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let text = directory.appendingPathComponent("report-\(report.id).txt")
        let json = directory.appendingPathComponent("report-\(report.id).json")
        try writePrivately(Data((report.text + "\n").utf8), to: text)
        try writePrivately(try jsonData(report), to: json)
        return text
    }

    static func jsonData(_ report: Report) throws -> Data {
        struct Exported: Encodable {
            var id: Int64
            var session: String
            var locale: String
            var created: Date
            var durationSeconds: Double
            var status: String
            var text: String
            var originalText: String
            var confidence: Double?
        }
        let seconds = report.audioDuration.components
        let exported = Exported(
            id: report.id, session: report.sessionName, locale: report.locale, created: report.created,
            durationSeconds: Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18,
            status: report.status.rawValue, text: report.text, originalText: report.originalText,
            confidence: report.confidence)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(exported)
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
