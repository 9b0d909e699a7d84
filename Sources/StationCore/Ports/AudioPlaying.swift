import Foundation

/// Where a playback is and what it does, for a player line under a report.
public struct PlaybackProgress: Sendable, Equatable {
    public enum State: String, Sendable {
        case playing, paused, finished, stopped
    }

    public var state: State
    /// The position in the recording that is audible now.
    public var position: Duration
    /// The recording's whole length.
    public var duration: Duration

    public init(state: State, position: Duration, duration: Duration) {
        self.state = state
        self.position = position
        self.duration = duration
    }
}

/// Plays a recorded dictation back, so a report can be checked against what was said.
public protocol AudioPlaying: AnyObject, Sendable {
    /// Starts playing `file` from `start` (its beginning when zero, its end at most), replacing anything
    /// playing.
    func play(file: URL, from start: Duration) async throws
    /// Pauses where it is.
    func pause() async throws
    /// Goes on from where it paused.
    func resume() async throws
    /// Jumps forward (positive) or back (negative), within the recording.
    func seek(by offset: Duration) async throws
    /// Stops and lets go of the audio server.
    func stop() async
    /// State changes and the position, a few times a second while playing.
    var progress: AsyncStream<PlaybackProgress> { get }
}

extension AudioPlaying {
    /// Starts playing `file` from its beginning.
    public func play(file: URL) async throws { try await play(file: file, from: .zero) }
}

/// Why a recording cannot be played.
public enum PlaybackError: Error, Sendable, Equatable {
    /// No audio server answered.
    case serverUnreachable(detail: String)
    /// The audio server's client library (libpulse) cannot be loaded; `detail` is the loader's reason.
    case audioLibraryMissing(detail: String)
    /// The file is missing or not a WAV file the station can play.
    case unreadableFile(detail: String)
    /// The stream failed.
    case streamFailed(detail: String)
    /// Pause, resume or seek with nothing playing.
    case notPlaying
}
