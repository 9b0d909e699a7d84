import Foundation
import StationCore

/// A transcriber that records its calls, answers with what a test set, and can be held open so a test
/// sees the processing state and cancels it.
public final class FakeTranscriber: Transcribing, Sendable {
    public let log: CallLog
    private let result = Locked<Result<String, any Error>>(.success("the patient is well"))
    private let gate = Locked<[CheckedContinuation<Void, Never>]?>(nil)
    private let liveFactory = Locked<(@Sendable () -> any LiveTranscription)?>(nil)
    private let speakerLog = Locked<[String?]>([])

    public init(log: CallLog = CallLog()) { self.log = log }

    /// The text the next transcriptions return.
    public func answer(_ text: String) { result.withLock { $0 = .success(text) } }
    /// The error the next transcriptions throw.
    public func fail(with error: any Error) { result.withLock { $0 = .failure(error) } }

    /// Holds every transcription until `release()`.
    public func hold() { gate.withLock { if $0 == nil { $0 = [] } } }

    /// Lets held transcriptions finish.
    public func release() {
        let waiting = gate.withLock { state -> [CheckedContinuation<Void, Never>] in
            defer { state = nil }
            return state ?? []
        }
        for continuation in waiting { continuation.resume() }
    }

    /// How many transcriptions are being held now.
    public var heldCount: Int { gate.current?.count ?? 0 }

    /// Makes `beginLive` hand out live decoders made by `factory`.
    public func enableLive(_ factory: @escaping @Sendable () -> any LiveTranscription) {
        liveFactory.withLock { $0 = factory }
    }

    /// The speaker each transcription and live decode was asked for, in order (nil: none given).
    public var speakers: [String?] { speakerLog.current }

    public func transcribe(file: URL, locale: String, speaker: String?) async throws -> Transcription {
        speakerLog.withLock { $0.append(speaker) }
        return try await transcribe(file: file, locale: locale)
    }

    public func beginLive(locale: String, speaker: String?) async -> (any LiveTranscription)? {
        speakerLog.withLock { $0.append(speaker) }
        return await beginLive(locale: locale)
    }

    public func transcribe(file: URL, locale: String) async throws -> Transcription {
        log.record("transcribe \(file.lastPathComponent) \(locale)")
        await waitAtGate()
        try Task.checkCancellation()
        let text = try result.current.get()
        return Transcription(text: text, locale: locale, audioDuration: .seconds(3), confidence: 0.9)
    }

    public func beginLive(locale: String) async -> (any LiveTranscription)? {
        guard let factory = liveFactory.current else { return nil }
        log.record("beginLive \(locale)")
        return factory()
    }

    func waitAtGate() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let held = gate.withLock { state -> Bool in
                guard state != nil else { return false }
                state?.append(continuation)
                return true
            }
            if !held { continuation.resume() }
        }
    }
}

/// A live decoder that counts what it was fed and answers with the fed sample count.
public final class FakeLiveTranscription: LiveTranscription, Sendable {
    public let partials: AsyncStream<String>
    private let partialsContinuation: AsyncStream<String>.Continuation
    private let fed = Locked<Int>(0)
    public let log: CallLog
    private let locale: String
    private let answer: String?

    /// `answer` is the text `finish` returns; without it, the fed sample count ("live 2400 samples").
    public init(locale: String = "en-US", log: CallLog = CallLog(), answer: String? = nil) {
        self.locale = locale
        self.log = log
        self.answer = answer
        (partials, partialsContinuation) = AsyncStream.makeStream()
    }

    /// The number of samples fed so far.
    public var samplesFed: Int { fed.current }

    /// Publishes a partial hypothesis as the real decoder would.
    public func publish(_ partial: String) { partialsContinuation.yield(partial) }

    public func feed(_ chunk: AudioChunk) async {
        fed.withLock { $0 += chunk.samples.count }
    }

    public func finish(file: URL) async throws -> Transcription {
        log.record("finish \(file.lastPathComponent)")
        partialsContinuation.finish()
        return Transcription(text: answer ?? "live \(samplesFed) samples", locale: locale, audioDuration: .seconds(1))
    }

    public func cancel() async {
        log.record("cancel")
        partialsContinuation.finish()
    }
}
