import Foundation

/// A report as exported in JSON: every stored field, and its revisions when asked for.
struct ReportJSON: Encodable {
    struct Revision: Encodable {
        var number: Int
        var created: String
        var text: String
    }

    var id: Int64
    var sessionName: String
    var locale: String
    var created: String
    var durationSeconds: Double
    var audioFile: String?
    var status: String
    var confidence: Double?
    var originalText: String
    var text: String
    var firstLine: String
    var revisions: [Revision]?

    init(_ report: Report, revisions: [ReportRevision]?) {
        id = report.id
        sessionName = report.sessionName
        locale = report.locale
        created = ReportTimeFormat.instant(report.created)
        let parts = report.audioDuration.components
        durationSeconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        audioFile = report.audioFile?.path
        status = report.status.rawValue
        confidence = report.confidence
        originalText = report.originalText
        text = report.text
        firstLine = report.firstLine
        self.revisions = revisions?.map {
            Revision(number: $0.number, created: ReportTimeFormat.instant($0.created), text: $0.text)
        }
    }
}
