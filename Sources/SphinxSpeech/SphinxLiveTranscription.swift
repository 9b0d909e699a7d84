import Foundation
import Localization
import StationCore
import Synchronization

/// A dictation decoded while it is recorded: every captured chunk is decoded as it arrives, so on send
/// only the audio not yet fed remains.
///
/// The live decode is used by the first `finish`; a later one (a send after a failed send) decodes the
/// file afresh, so a failure never leaves a dictation that cannot be sent.
final class SphinxLiveTranscription: LiveTranscription {
    private enum Phase { case live, finished, cancelled }

    let partials: AsyncStream<String>
    private let partialsContinuation: AsyncStream<String>.Continuation
    let paces: AsyncStream<LiveDecodingPace>
    private let pacesContinuation: AsyncStream<LiveDecodingPace>.Continuation
    private let opened: SphinxEngine.Opened
    private let locale: String
    /// Whose dictation it is: a fresh decode after a failed send uses their voice profile too.
    private let speaker: String?
    private let engine: SphinxEngine
    private let phase = Mutex(Phase.live)

    init(opened: SphinxEngine.Opened, locale: String, speaker: String?, engine: SphinxEngine) {
        self.opened = opened
        self.locale = locale
        self.speaker = speaker
        self.engine = engine
        (partials, partialsContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        (paces, pacesContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// A live decode dropped without finish or cancel gives its decoder back.
    deinit {
        guard phase.withLock({ $0 }) == .live else { return }
        let (engine, id) = (engine, opened.id)
        Task { await engine.cancel(id) }
    }

    func feed(_ chunk: AudioChunk) async {
        let (words, pace) = await engine.feedMeasured(opened.id, chunk)
        if let pace { pacesContinuation.yield(pace) }
        guard let words else { return }
        partialsContinuation.yield(opened.punctuation.format(words))
    }

    func finish(file: URL) async throws -> Transcription {
        defer {
            partialsContinuation.finish()
            pacesContinuation.finish()
        }
        let before = phase.withLock { phase in
            defer { if phase == .live { phase = .finished } }
            return phase
        }
        let (opened, engine, locale, speaker) = (opened, engine, locale, speaker)
        switch before {
        case .cancelled:
            throw TranscriptionError.decoderFailed(detail: tr("the dictation was cancelled"))
        case .finished:
            return try await SphinxTranscriber.decode(file: file, locale: locale, speaker: speaker, engine: engine)
                .transcription
        case .live:
            return try await CancellableWork.run {
                do {
                    _ = try await engine.attachRest(of: file, to: opened.id)
                    return try await SphinxTranscriber.decodeAttached(opened, engine: engine)
                } catch {
                    await engine.cancel(opened.id)
                    throw error
                }
            }
        }
    }

    func cancel() async {
        phase.withLock { $0 = .cancelled }
        partialsContinuation.finish()
        pacesContinuation.finish()
        await engine.cancel(opened.id)
    }
}
