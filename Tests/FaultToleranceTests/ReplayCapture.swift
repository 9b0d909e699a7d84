import Foundation
import Recordings
import StationCore
import StationTestSupport

/// A capture that "records" a known recording: on start it writes the recording into the dictation's
/// file and emits its audio as 20 ms chunks at their places in the file, leaving out those that start
/// in `dropped` (as a full buffer would). Lets session tests run the real decoder on real speech
/// without an audio server.
final class ReplayCapture: Capturing, @unchecked Sendable {
    let events: AsyncStream<CaptureEvent>
    let levels: AsyncStream<AudioLevel>
    let frames: AsyncStream<AudioChunk>
    private let eventsContinuation: AsyncStream<CaptureEvent>.Continuation
    private let levelsContinuation: AsyncStream<AudioLevel>.Continuation
    private let framesContinuation: AsyncStream<AudioChunk>.Continuation
    private let recording: URL
    private let dropped: Range<Int>
    private let file = Locked<URL?>(nil)

    init(replaying recording: URL, dropping dropped: Range<Int> = 0..<0) {
        self.recording = recording
        self.dropped = dropped
        (events, eventsContinuation) = AsyncStream.makeStream()
        (levels, levelsContinuation) = AsyncStream.makeStream()
        (frames, framesContinuation) = AsyncStream.makeStream()
    }

    func start(recordingTo file: URL, appending: Bool) async throws {
        let audio = try AudioFileReader.samples(of: recording)
        try AudioFixtures.writeWAV(audio, to: file)
        self.file.withLock { $0 = file }
        for position in stride(from: 0, to: audio.count, by: 320) where !dropped.contains(position) {
            let end = min(audio.count, position + 320)
            framesContinuation.yield(AudioChunk(samples: Array(audio[position..<end]), position: position))
        }
    }

    func pause() async throws {}
    func resume() async throws {}
    func move(toSource source: String) async throws {}

    func stop() async throws -> URL {
        eventsContinuation.finish()
        levelsContinuation.finish()
        framesContinuation.finish()
        return file.current ?? URL(fileURLWithPath: "/nonexistent.wav")
    }
}
