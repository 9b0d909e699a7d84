import Foundation

/// Turns recorded speech into text in a locale's model.
public protocol Transcribing: Sendable {
    /// Transcribes a finished recording.
    func transcribe(file: URL, locale: String) async throws -> Transcription
    /// Begins decoding a recording while it is captured, or nil when live decoding is not available.
    func beginLive(locale: String) async -> (any LiveTranscription)?
    /// Transcribes a finished recording of `speaker` (the dictation's author), with their voice profile
    /// when they have a sound one for the locale; nil: the stock model.
    func transcribe(file: URL, locale: String, speaker: String?) async throws -> Transcription
    /// Begins a live decode of `speaker`'s dictation, with their voice profile as `transcribe` does.
    func beginLive(locale: String, speaker: String?) async -> (any LiveTranscription)?
}

// A transcriber that knows no voice profiles decodes every speaker with the stock model.
extension Transcribing {
    public func transcribe(file: URL, locale: String, speaker: String?) async throws -> Transcription {
        try await transcribe(file: file, locale: locale)
    }

    public func beginLive(locale: String, speaker: String?) async -> (any LiveTranscription)? {
        await beginLive(locale: locale)
    }
}

/// A decode that runs while the dictation is being recorded, so the text is ready soon after send.
public protocol LiveTranscription: Sendable {
    /// The current best guess, at most a few times a second.
    var partials: AsyncStream<String> { get }
    /// Decodes more captured audio; a chunk that does not follow the last one (by its `position`) ends
    /// the live feed, and the rest is read from the file at finish.
    func feed(_ chunk: AudioChunk) async
    /// Decodes the part of `file` it was not fed (all of it when the feed does not match the file) and
    /// returns the whole dictation's transcription. Called again (a send after a failed send), it
    /// decodes the file afresh.
    func finish(file: URL) async throws -> Transcription
    /// Drops everything; nothing is published.
    func cancel() async
    /// How the decode keeps up with the recording, after each chunk fed (a decoder that does not
    /// measure it says nothing).
    var paces: AsyncStream<LiveDecodingPace> { get }
}

extension LiveTranscription {
    public var paces: AsyncStream<LiveDecodingPace> { AsyncStream { $0.finish() } }
}

/// How a live decode keeps up with the recording it is fed.
public struct LiveDecodingPace: Sendable, Equatable {
    /// Seconds spent decoding per second of audio fed so far: below 1, the decoder keeps up.
    public var realTimeFactor: Double
    /// Audio fed and not decoded yet: what is left to do after a send, besides the last words.
    public var behind: Duration

    public init(realTimeFactor: Double, behind: Duration) {
        self.realTimeFactor = realTimeFactor
        self.behind = behind
    }

    /// Far enough behind that the text will come noticeably later after a send.
    public var isBehind: Bool { behind >= .seconds(2) }
}

/// Why a transcription failed; adapters throw these so the session can explain them.
public enum TranscriptionError: Error, Sendable, Equatable {
    /// No model is installed for the locale.
    case modelNotInstalled(locale: String)
    /// The installed model is incomplete or unreadable.
    case modelBroken(locale: String, detail: String)
    /// The audio file cannot be read.
    case unreadableAudio(detail: String)
    /// The decoder failed.
    case decoderFailed(detail: String)
}
