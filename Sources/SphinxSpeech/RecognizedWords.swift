import StationCore

/// The decoder's words of one utterance placed in the dictation's time.
enum RecognizedWords {
    /// `words` of an utterance that starts `start` samples into the dictation.
    static func placed(_ words: [DecodedWord], at start: Int, decoder: SphinxDecoder) -> [RecognizedWord] {
        let frameRate = Int64(decoder.frameRate)
        let offset = Int64(start) * 1_000_000 / Int64(AudioChunk.sampleRate)
        // A word ends where its last frame ends.
        func time(_ frame: Int) -> Duration { .microseconds(offset + Int64(frame) * 1_000_000 / frameRate) }
        return words.map {
            RecognizedWord(
                text: $0.text, start: time($0.startFrame), end: time($0.endFrame + 1), confidence: $0.confidence)
        }
    }
}
