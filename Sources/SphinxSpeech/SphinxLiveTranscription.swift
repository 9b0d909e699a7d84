import Foundation
import StationCore

/// A dictation decoded while it is recorded: every captured chunk is decoded as it arrives, so on send
/// only the audio not yet fed remains.
final class SphinxLiveTranscription: LiveTranscription, Sendable {
    let partials: AsyncStream<String>
    private let partialsContinuation: AsyncStream<String>.Continuation
    private let opened: SphinxEngine.Opened
    private let engine: SphinxEngine

    init(opened: SphinxEngine.Opened, engine: SphinxEngine) {
        self.opened = opened
        self.engine = engine
        (partials, partialsContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func feed(_ chunk: AudioChunk) async {
        guard let words = await engine.feed(opened.id, chunk.samples) else { return }
        partialsContinuation.yield(opened.punctuation.format(words))
    }

    func finish(file: URL) async throws -> Transcription {
        defer { partialsContinuation.finish() }
        let (opened, engine) = (opened, engine)
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

    func cancel() async {
        partialsContinuation.finish()
        await engine.cancel(opened.id)
    }
}
