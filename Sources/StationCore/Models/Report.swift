import Foundation
import Localization

/// Where a report is in its life: draft → corrected → signed; a change to a signed report makes it
/// amended (with a reason), never an edit in place.
public enum ReportStatus: String, Sendable, Codable, CaseIterable {
    /// As decoded.
    case draft
    /// Changed by a person, not yet signed.
    case corrected
    /// Signed off: final.
    case signed
    /// Changed after it was signed, with a reason; the signed version stays in the history.
    case amended

    /// Whether a signature stands behind the report (an amendment is signed by whoever amends it).
    public var isSigned: Bool { self == .signed || self == .amended }

    /// How a person reads the phase, in the interface language (the raw value is for files and JSON).
    public var word: String {
        switch self {
        case .draft: tr("draft")
        case .corrected: tr("corrected")
        case .signed: tr("signed")
        case .amended: tr("amended")
        }
    }
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
    /// Who dictated it; nil for reports made before the station recorded authors.
    public var author: String?
    /// About whom, what kind of document, how urgent, as they were when it was sent.
    public var properties: DictationProperties
    /// Who signed it, and when (the latest signature of an amended report).
    public var signedBy: String?
    public var signedAt: Date?
    /// The decoder's words of the original transcript, with times and confidence. Read with one report
    /// (`ReportStore.report(id:)`, and the report `add`, `revise` and `sign` return); lists leave it empty.
    public var words: [RecognizedWord]
    /// Taken out of use as wrong: by whom, when and why. Such a report is kept with its audio and
    /// history, changes no more, and lists show it only when asked to.
    public var enteredInError: EnteredInError?

    public init(
        id: Int64, sessionName: String, locale: String, created: Date, audioDuration: Duration,
        audioFile: URL?, originalText: String, text: String, status: ReportStatus, confidence: Double? = nil,
        author: String? = nil, properties: DictationProperties = DictationProperties(), signedBy: String? = nil,
        signedAt: Date? = nil, words: [RecognizedWord] = [], enteredInError: EnteredInError? = nil
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
        self.author = author
        self.properties = properties
        self.signedBy = signedBy
        self.signedAt = signedAt
        self.words = words
        self.enteredInError = enteredInError
    }

    /// The status a list shows: the phase, or "in error" once the report was entered in error.
    public var listedStatus: String { enteredInError == nil ? status.word : tr("in error") }

    /// Every word `listedStatus` can say in the interface language, so a status column fits them all.
    public static var listedStatusWords: [String] { ReportStatus.allCases.map(\.word) + [tr("in error")] }

    /// The author's name, or how a report from before authors were recorded is shown.
    public var authorName: String { author ?? tr("unknown author") }

    /// Whether a person changed the text: corrected, or amended after signing. The transcript's
    /// numbers written as digits (`ClinicalNumbers`) make `text` differ from `originalText` without that.
    public var wasCorrected: Bool { status == .corrected || status == .amended }

    /// The first non-empty line of the text, for lists; reads no further than its end.
    public var firstLine: String { firstLine(atMost: Int.max) }

    /// The first non-empty line, cut after `limit` characters: a list row costs what it shows, however
    /// long the report is.
    public func firstLine(atMost limit: Int) -> String {
        var line = ""
        var count = 0
        for character in text {
            if character.isNewline {
                if line.isEmpty { continue }
                break
            }
            guard count < limit else { break }
            line.append(character)
            count += 1
        }
        return line
    }
}

/// Why and by whom a report was taken out of use ("entered in error", as FHIR calls it): a wrong
/// report is never deleted once signed, so it is marked, with a reason, and kept.
public struct EnteredInError: Sendable, Equatable {
    public var by: String
    public var at: Date
    public var reason: String

    public init(by: String, at: Date, reason: String) {
        self.by = by
        self.at = at
        self.reason = reason
    }
}

/// A report about to be stored: everything but the identifier the store assigns.
public struct NewReport: Sendable, Equatable {
    public var sessionName: String
    public var locale: String
    public var created: Date
    public var audioDuration: Duration
    public var audioFile: URL?
    /// The report's text: the transcript with numbers written as clinicians write them.
    public var text: String
    /// The decoder's words before formatting, stored as the report's `originalText`.
    public var transcript: String
    public var confidence: Double?
    public var author: String?
    public var properties: DictationProperties
    /// The decoder's words, kept with the report.
    public var words: [RecognizedWord]

    public init(
        sessionName: String, locale: String, created: Date, audioDuration: Duration, audioFile: URL?,
        text: String, transcript: String? = nil, confidence: Double? = nil, author: String? = nil,
        properties: DictationProperties = DictationProperties(), words: [RecognizedWord] = []
    ) {
        self.sessionName = sessionName
        self.locale = locale
        self.created = created
        self.audioDuration = audioDuration
        self.audioFile = audioFile
        self.text = text
        self.transcript = transcript ?? text
        self.confidence = confidence
        self.author = author
        self.properties = properties
        self.words = words
    }

    /// The report of a transcribed dictation: the formatted text, the decoder's words and what the
    /// decoder measured, so every way into the store (a send, an import, a recovery) makes it alike.
    public init(
        transcribed transcription: Transcription, sessionName: String, created: Date, audioFile: URL?,
        author: String?, properties: DictationProperties = DictationProperties()
    ) {
        self.init(
            sessionName: sessionName, locale: transcription.locale, created: created,
            audioDuration: transcription.audioDuration, audioFile: audioFile,
            text: properties.patient.map(transcription.reportText(patient:)) ?? transcription.reportText,
            transcript: transcription.text, confidence: transcription.confidence, author: author,
            properties: properties, words: transcription.words)
    }
}

/// One correction of a report's text, kept so changes can be audited.
public struct ReportRevision: Sendable, Equatable {
    public var reportID: Int64
    public var number: Int
    public var text: String
    public var created: Date
    /// Who made it; nil for revisions from before authors were recorded.
    public var author: String?
    /// Why a signed report was changed (an amendment); nil for corrections before signing.
    public var reason: String?

    public init(
        reportID: Int64, number: Int, text: String, created: Date, author: String? = nil, reason: String? = nil
    ) {
        self.reportID = reportID
        self.number = number
        self.text = text
        self.created = created
        self.author = author
        self.reason = reason
    }
}
