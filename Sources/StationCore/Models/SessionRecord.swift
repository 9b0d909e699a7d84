import Foundation

/// Identifies a dictation session across restarts.
public struct SessionID: Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A fresh random identifier.
    public static func make() -> SessionID { SessionID(UUID().uuidString.lowercased()) }

    public var description: String { rawValue }
}

/// What is persisted of a session, so a dictation survives a stop or a crash of the station.
public struct SessionRecord: Sendable, Equatable {
    public var id: SessionID
    public var name: String
    public var locale: String
    public var state: RecordingState
    /// The recorded time up to the last persisted transition.
    public var elapsed: Duration
    /// The audio file of a recording in progress (paused or recording), if any.
    public var audioFile: URL?
    public var created: Date
    public var updated: Date
    /// Who made the session; nil for sessions from before authors were recorded.
    public var author: String?
    /// The patient, work type and priority its reports get.
    public var properties: DictationProperties

    public init(
        id: SessionID, name: String, locale: String, state: RecordingState, elapsed: Duration,
        audioFile: URL?, created: Date, updated: Date, author: String? = nil,
        properties: DictationProperties = DictationProperties()
    ) {
        self.id = id
        self.name = name
        self.locale = locale
        self.state = state
        self.elapsed = elapsed
        self.audioFile = audioFile
        self.created = created
        self.updated = updated
        self.author = author
        self.properties = properties
    }

    /// The same session holding no dictation: idle, no time recorded, no audio; `updated` when given.
    public func withoutDictation(updated: Date? = nil) -> SessionRecord {
        var idle = self
        idle.state = .notRecording
        idle.elapsed = .zero
        idle.audioFile = nil
        if let updated { idle.updated = updated }
        return idle
    }
}
