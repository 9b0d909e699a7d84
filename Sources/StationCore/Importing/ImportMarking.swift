import Foundation

/// Marks a recording while it is imported, so an import killed midway is told apart from one still
/// running, and its recording is found and shown at the next start instead of lying unseen.
///
/// The adapter keeps a marker file beside the copy for as long as the import runs (held with a lock
/// the kernel drops when the process dies), and removes it once the report is stored.
public protocol ImportMarking: Sendable {
    /// Marks `recording` (not yet created) as being imported as `intent` says.
    func begin(_ recording: URL, intent: ImportIntent) throws -> any ImportMark
}

/// The marks imports leave, as the audio folder's inventory reads them (the same adapter keeps them).
public protocol ImportMarkReading: Sendable {
    /// What the mark beside `recording` says: none, a live import, or one that ended unfinished.
    func state(of recording: URL) -> ImportMarkerState
    /// Removes the mark an unfinished import left beside `recording` (once its report is stored).
    func removeMark(of recording: URL)
    /// Whether `file` is a mark rather than a recording.
    func isMark(_ file: URL) -> Bool
}

/// One import in progress; `end()` removes the mark (after the report is stored, or the copy removed).
public protocol ImportMark: Sendable {
    func end()
}

/// What the marker of an unfinished import remembers: where the recording was going, and how big the
/// original was (so a copy cut short is told apart from a whole one).
public struct ImportIntent: Sendable, Equatable, Codable {
    public var session: String
    public var locale: String
    public var bytes: Int64?
    /// Who dictated it, when known: a recovery decodes it with their voice profile and names them.
    /// Markers written before authors were kept have none.
    public var author: String?

    public init(session: String, locale: String, bytes: Int64? = nil, author: String? = nil) {
        self.session = session
        self.locale = locale
        self.bytes = bytes
        self.author = author
    }
}

/// Marks nothing: for tests of the importer that do not look at markers.
public struct NoImportMarking: ImportMarking {
    public init() {}

    public func begin(_ recording: URL, intent: ImportIntent) throws -> any ImportMark { Unmarked() }

    struct Unmarked: ImportMark {
        func end() {}
    }
}
