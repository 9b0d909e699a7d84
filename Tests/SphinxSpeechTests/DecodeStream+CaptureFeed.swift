@testable import SphinxSpeech

extension DecodeStream {
    /// Feeds `audio` in the capture's 50 ms chunks, decoding up to `budget` samples after each (`.max`:
    /// all there is, as a decoder ahead of real time would), and calls `afterEach` between chunks.
    func feedAsCaptured(_ audio: [Int16], budget: Int, afterEach: () -> Void = {}) throws {
        for start in stride(from: 0, to: audio.count, by: 800) {
            append(audio[start..<min(audio.count, start + 800)])
            try work(budget: budget)
            afterEach()
        }
    }
}
