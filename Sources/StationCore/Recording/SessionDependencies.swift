import Foundation

/// The services a dictation session works with, injected so that the same logic runs against the real
/// adapters and the test fakes.
public struct SessionDependencies: Sendable {
    /// Makes a fresh capture for one recording.
    public var makeCapture: @Sendable () -> any Capturing
    public var transcriber: any Transcribing
    public var reporter: any Reporting
    public var clock: any StationClock
    public var log: any StationLog
    /// Where a new recording of a session is written.
    public var makeAudioFile: @Sendable (SessionID) -> URL
    /// Throws a discarded recording's audio away.
    public var removeAudio: @Sendable (URL) -> Void
    /// Which station process may act on a session's dictation, across processes.
    public var ownership: any DictationOwnership
    /// Readies the file of a dictation taken over after a crash (its header fitted to the audio kept)
    /// and returns the length of that audio, nil when unreadable: the truth about the dictation's time,
    /// since the saved time may be behind.
    public var recoverAudio: @Sendable (URL) -> Duration?

    public init(
        makeCapture: @escaping @Sendable () -> any Capturing,
        transcriber: any Transcribing,
        reporter: any Reporting = SilentReporting(),
        clock: any StationClock = SystemClock(),
        log: any StationLog = SilentLog(),
        makeAudioFile: @escaping @Sendable (SessionID) -> URL,
        removeAudio: @escaping @Sendable (URL) -> Void = { try? FileManager.default.removeItem(at: $0) },
        ownership: any DictationOwnership = ProcessLocalOwnership(),
        recoverAudio: @escaping @Sendable (URL) -> Duration? = { _ in nil }
    ) {
        self.makeCapture = makeCapture
        self.transcriber = transcriber
        self.reporter = reporter
        self.clock = clock
        self.log = log
        self.makeAudioFile = makeAudioFile
        self.removeAudio = removeAudio
        self.ownership = ownership
        self.recoverAudio = recoverAudio
    }
}

/// Hears what a session cannot settle alone: another session must stop capturing, a finished
/// dictation must be stored, a failure or a notice must be shown, a transition must be persisted.
@MainActor
public protocol DictationSessionDelegate: AnyObject {
    /// The session is about to capture; any other capturing session must pause first.
    func sessionWillCapture(_ session: DictationSession)
    /// Stores a finished dictation; throwing keeps the session paused with its audio.
    func session(_ session: DictationSession, didFinish dictation: FinishedDictation) async throws
    /// A failure the person at the station must see.
    func session(_ session: DictationSession, didFail error: RecordingError)
    /// Something worth a short note (a device change).
    func session(_ session: DictationSession, didNotice message: String)
    /// The state, the audio file or the name changed.
    func sessionDidChange(_ session: DictationSession)
    /// Another second was recorded: the saved time should follow, so a crash loses no time.
    func sessionDidTick(_ session: DictationSession)
    /// A sent dictation held no recognized word; it is paused again and the person must decide.
    func session(_ session: DictationSession, didFindNoSpeech found: NoSpeechFound)
}

extension DictationSessionDelegate {
    public func session(_ session: DictationSession, didFindNoSpeech found: NoSpeechFound) {}
}
