import Foundation

/// What the station knows about the recordings in its audio folder: the files there, which of them a
/// session or a report owns, and which an import left unfinished. The adapter reads the folder and
/// the database; the core decides what is an orphan.
public protocol AudioInventory: Sendable {
    /// Every recording in the audio folder (not the import markers), with its last change.
    func recordings() throws -> [AudioFileEntry]
    /// The file names of the recordings that a session (its dictation) or a report owns.
    func ownedRecordingNames() async throws -> Set<String>
    /// Whether the database holds no report and no session at all.
    func storeIsEmpty() async throws -> Bool
    /// The import marker beside `recording`, if an import wrote one.
    func importMarker(for recording: URL) -> ImportMarkerState
    /// Removes the import marker beside `recording` (once its report is stored).
    func removeImportMarker(for recording: URL)
}

/// A file in the audio folder.
public struct AudioFileEntry: Sendable, Equatable {
    public var file: URL
    public var modified: Date?
    public var bytes: Int64?

    public init(file: URL, modified: Date?, bytes: Int64? = nil) {
        self.file = file
        self.modified = modified
        self.bytes = bytes
    }
}

/// Whether an import is, or was, writing a recording.
public enum ImportMarkerState: Sendable, Equatable {
    /// No import marked it.
    case none
    /// A live import process holds the marker: leave the recording alone.
    case inProgress
    /// The import that marked it ended before its report was stored (killed, or the machine stopped).
    case unfinished(ImportIntent?)
}
