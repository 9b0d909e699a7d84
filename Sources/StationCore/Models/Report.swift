import Foundation

/// Whether a report is still being corrected or has been signed off.
public enum ReportStatus: String, Sendable, Codable, CaseIterable {
    case draft
    case final
}

/// A transcribed dictation as stored: the original decode is kept beside the current text.
public struct Report: Sendable, Equatable, Identifiable {
    public var id: Int64
    /// The session's name when the dictation was sent.
    public var sessionName: String
    public var locale: String
    public var created: Date
    public var audioDuration: Duration
    /// The recorded audio, kept for playback until the report is deleted.
    public var audioFile: URL?
    /// The transcript exactly as decoded.
    public var originalText: String
    /// The text after every correction.
    public var text: String
    public var status: ReportStatus
    public var confidence: Double?

    public init(
        id: Int64, sessionName: String, locale: String, created: Date, audioDuration: Duration,
        audioFile: URL?, originalText: String, text: String, status: ReportStatus, confidence: Double? = nil
    ) {
        self.id = id
        self.sessionName = sessionName
        self.locale = locale
        self.created = created
        self.audioDuration = audioDuration
        self.audioFile = audioFile
        self.originalText = originalText
        self.text = text
        self.status = status
        self.confidence = confidence
    }

    /// The first non-empty line of the text, for lists.
    public var firstLine: String {
        text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    }
}

/// A report about to be stored: everything but the identifier the store assigns.
public struct NewReport: Sendable, Equatable {
    public var sessionName: String
    public var locale: String
    public var created: Date
    public var audioDuration: Duration
    public var audioFile: URL?
    public var text: String
    public var confidence: Double?

    public init(
        sessionName: String, locale: String, created: Date, audioDuration: Duration, audioFile: URL?,
        text: String, confidence: Double? = nil
    ) {
        self.sessionName = sessionName
        self.locale = locale
        self.created = created
        self.audioDuration = audioDuration
        self.audioFile = audioFile
        self.text = text
        self.confidence = confidence
    }
}

/// One correction of a report's text, kept so changes can be audited.
public struct ReportRevision: Sendable, Equatable {
    public var reportID: Int64
    public var number: Int
    public var text: String
    public var created: Date

    public init(reportID: Int64, number: Int, text: String, created: Date) {
        self.reportID = reportID
        self.number = number
        self.text = text
        self.created = created
    }
}
