import Foundation
import Recordings
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// The words, times and confidences of a recording do not depend on what its decoder decoded before:
/// nothing, other recordings, or speech cut off mid-word (a quick pass abandoned at a pause).
@Suite("What a decoder heard before", .serialized)
struct DecoderHistoryTests {
    @Test("a new decoder decodes each LibriVox recording exactly as one that decoded others first")
    func newDecoderDecodesAsUsedOne() throws {
        let recordings = try LibriVoxSamples.all().map { try AudioFileReader.samples(of: $0.file) }
        let used = try SphinxDecoder(model: ModelLocator.debianModels[0], log: SilentLog())
        for (index, audio) in recordings.enumerated() {
            let new = try SphinxDecoder(model: ModelLocator.debianModels[0], log: SilentLog())
            let first = try Self.decode(audio, on: new)
            let other = recordings[(index + 1) % recordings.count]
            _ = try Self.decode(other, on: used)
            try Self.decodeCutOff(other, on: used)
            let later = try Self.decode(audio, on: used)
            #expect(first == later, "recording \(index + 1)")
        }
    }

    /// One utterance normalized by its own mean, as a final pass: words with frames and confidences,
    /// then the mean confidence.
    static func decode(_ audio: [Int16], on decoder: SphinxDecoder) throws -> [String] {
        try decoder.startUtterance(cepstralMean: decoder.frontEndPass(of: audio)?.cepstra.mean)
        try decoder.process(audio[...])
        try decoder.endUtterance()
        let words = decoder.decodedWords(in: nil).map {
            "\($0.text) \($0.startFrame)–\($0.endFrame) \($0.confidence ?? -1)"
        }
        return words + ["\(decoder.wordConfidence ?? -1)"]
    }

    /// A quick pass over the first half and a bit, ended mid-speech.
    static func decodeCutOff(_ audio: [Int16], on decoder: SphinxDecoder) throws {
        try decoder.startUtterance()
        try decoder.process(audio[..<(audio.count / 2 + 1_234)])
        try decoder.endUtterance()
    }
}
