import Foundation

/// Something the capture tells the session while it records.
public enum CaptureEvent: Sendable, Equatable {
    /// Another audio user took precedence (a phone call): pause as the main action would.
    case interruptionBegan
    /// The interruption is over; resume only if `mayResume` and the user had not paused.
    case interruptionEnded(mayResume: Bool)
    /// The source was suspended, unplugged or the stream moved to another device; the text says which.
    case sourceChanged(String)
    /// The audio server went away; what was recorded is kept and the capture is over.
    case serverGone
    /// The microphone was unplugged or removed and no other source took over; what was recorded is kept
    /// and the capture is over.
    case sourceLost
    /// The audio file cannot take more (a full disk); what it holds is kept and the capture is over.
    case writeFailed(detail: String)
}

/// Captures audio from a microphone into a WAV file, one dictation per instance.
///
/// The session calls `start`, `pause`, `resume` and `stop` strictly in transition order.
public protocol Capturing: AnyObject, Sendable {
    /// Starts capturing into `file`; when `appending`, continues a file left by an earlier capture.
    func start(recordingTo file: URL, appending: Bool) async throws
    /// Pauses without losing anything already captured.
    func pause() async throws
    /// Continues into the same file with no gap and no duplicated audio.
    func resume() async throws
    /// Finishes the file and returns its URL.
    func stop() async throws -> URL
    /// Takes the audio from the source named `source` from now on, into the same file, recording or
    /// paused: a dictation begun on the wrong microphone goes on with the right one.
    func move(toSource source: String) async throws
    /// Interruptions, device changes and a lost server.
    var events: AsyncStream<CaptureEvent> { get }
    /// The loudness, about twenty times a second while capturing.
    var levels: AsyncStream<AudioLevel> { get }
    /// The captured audio as it arrives, for live transcription.
    var frames: AsyncStream<AudioChunk> { get }
}

/// Why a capture could not start or go on; adapters throw these so the session can explain them.
public enum CaptureError: Error, Sendable, Equatable {
    /// No audio server answered.
    case serverUnreachable(detail: String)
    /// The audio server's client library (libpulse) cannot be loaded; `detail` is the loader's reason.
    case audioLibraryMissing(detail: String)
    /// The server refused access.
    case accessDenied(detail: String)
    /// The chosen source does not exist; `available` lists those that do.
    case noSuchSource(name: String, available: [String])
    /// The stream failed after it started.
    case streamFailed(detail: String)
    /// Another station process on this workstation is recording.
    case recordingElsewhere
    /// The audio file could not be written (permissions, or a cause the adapter cannot name).
    case fileUnwritable(detail: String)
    /// The disk (or the user's quota) is full.
    case diskFull(detail: String)
    /// The file to continue is not a recording the station can append to (not 16 kHz mono 16-bit WAV).
    case audioFileInOtherFormat(detail: String)
}
