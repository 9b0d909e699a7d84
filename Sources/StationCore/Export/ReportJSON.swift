import Foundation

/// A report as exported in JSON: every stored field, and its revisions when asked for.
struct ReportJSON: Encodable {
    struct Revision: Encodable {
        var number: Int
        var created: String
        var text: String
        var author: String?
        var reason: String?
    }

    /// Who took the report out of use, when and why.
    struct EnteredInErrorMark: Encodable {
        var by: String
        var at: String
        var reason: String
    }

    /// A decoder word: seconds from the start of the audio, confidence from 0 to 1.
    struct Word: Encodable {
        var text: String
        var start: Double
        var end: Double
        var confidence: Double?
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
    var author: String?
    var patient: Patient?
    var workType: String
    var workTypeDisplay: String
    var priority: String
    var signedBy: String?
    var signedAt: String?
    /// Present once the report was entered in error (it is kept, and `status` stays its phase).
    var enteredInError: EnteredInErrorMark?
    var revisions: [Revision]?
    /// The decoder's words, when the report was read with them (one report, not a list).
    var words: [Word]?

    init(_ report: Report, revisions: [ReportRevision]?, workTypes: WorkTypes) {
        id = report.id
        sessionName = report.sessionName
        locale = report.locale
        created = ReportTimeFormat.instant(report.created)
        durationSeconds = Self.seconds(report.audioDuration)
        audioFile = report.audioFile?.path
        status = report.status.rawValue
        confidence = report.confidence
        originalText = report.originalText
        text = report.text
        firstLine = report.firstLine
        author = report.author
        patient = report.properties.patient
        workType = report.properties.workType
        workTypeDisplay = workTypes.type(report.properties.workType).display
        priority = report.properties.priority.rawValue
        signedBy = report.signedBy
        signedAt = report.signedAt.map(ReportTimeFormat.instant)
        enteredInError = report.enteredInError.map {
            EnteredInErrorMark(by: $0.by, at: ReportTimeFormat.instant($0.at), reason: $0.reason)
        }
        self.revisions = revisions?.map {
            Revision(
                number: $0.number, created: ReportTimeFormat.instant($0.created), text: $0.text, author: $0.author,
                reason: $0.reason)
        }
        words =
            report.words.isEmpty
            ? nil
            : report.words.map {
                Word(text: $0.text, start: Self.seconds($0.start), end: Self.seconds($0.end), confidence: $0.confidence)
            }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
