import Foundation
import Testing

@testable import SphinxSpeech

@Suite("Cutting utterances at pauses")
struct PauseSegmenterTests {
    /// Faint hiss (about -60 dBFS) for `seconds`.
    static func hiss(_ seconds: Double, seed: UInt64 = 1) -> [Int16] {
        var generator = SeededGenerator(state: seed)
        return (0..<Int(seconds * 16_000)).map { _ in Int16.random(in: -40...40, using: &generator) }
    }

    /// A loud vowel-like tone for `seconds`.
    static func voice(_ seconds: Double) -> [Int16] {
        (0..<Int(seconds * 16_000)).map { Int16(8_000 * sin(Double($0) * 2 * .pi * 220 / 16_000)) }
    }

    static func cuts(_ audio: [Int16], chunk: Int? = nil) -> [Int] {
        var segmenter = PauseSegmenter()
        guard let chunk else { return segmenter.cuts(in: audio[...]) }
        var cuts: [Int] = []
        for start in stride(from: 0, to: audio.count, by: chunk) {
            let end = min(audio.count, start + chunk)
            cuts += segmenter.cuts(in: audio[start..<end])
        }
        return cuts
    }

    @Test("a 0.8 s pause cuts 0.2 s into it, once 0.6 s of it are heard; a 0.3 s pause does not cut")
    func longPauseOnly() {
        let audio = Self.hiss(0.5) + Self.voice(1) + Self.hiss(0.8) + Self.voice(1) + Self.hiss(0.3) + Self.voice(1)
        #expect(Self.cuts(audio) == [27_200])
    }

    @Test("chunks of any size give the same cuts", arguments: [1, 159, 160, 320, 1_600, 7_777])
    func chunked(_ chunk: Int) {
        let audio = Self.hiss(0.5) + Self.voice(1) + Self.hiss(1) + Self.voice(2) + Self.hiss(1.5) + Self.voice(0.5)
        #expect(Self.cuts(audio, chunk: chunk) == Self.cuts(audio))
        #expect(Self.cuts(audio).count == 2)
    }

    @Test("silence without speech is never cut: no empty utterances")
    func noSpeech() {
        #expect(Self.cuts(Self.hiss(5)).isEmpty)
    }

    @Test("after digital silence (a muted input) pauses in hiss are still found")
    func afterDigitalSilence() {
        let audio = [Int16](repeating: 0, count: 32_000) + Self.voice(1) + Self.hiss(1) + Self.voice(1)
        #expect(Self.cuts(audio).count == 1)
    }

    @Test("after 20 s without a long pause, a 0.3 s pause is enough")
    func longUtterance() {
        var audio = Self.hiss(0.2)
        for _ in 0..<12 { audio += Self.voice(1.8) + Self.hiss(0.35) }
        let cuts = Self.cuts(audio)
        #expect(cuts.count >= 1)
        #expect((cuts.first ?? 0) > 20 * 16_000)
    }

    /// Issue 21, long recordings in flat memory: speech with no pause the detector hears would make one
    /// utterance of the whole recording, held in memory and searched at once.
    @Test("speech that runs on without a pause is cut every 30 s or less, in a quiet moment of its last 2 s")
    func runOnSpeech() {
        // 95 s of fast speech: 0.25 s of voice, then 0.1 s 40 dB quieter, never long enough for a pause.
        var audio: [Int16] = []
        while audio.count < 95 * 16_000 {
            audio += Self.voice(0.25) + Self.voice(0.1).map { $0 / 100 }
        }
        let cuts = Self.cuts(audio)
        #expect(cuts.count == 3, "\(cuts)")
        var previous = 0
        for cut in cuts {
            #expect(cut - previous <= 30 * 16_000 && cut - previous >= 28 * 16_000, "\(cut - previous)")
            // The frame before the cut is one of the quiet ones.
            #expect(audio[(cut - 160)..<cut].allSatisfy { abs(Int($0)) <= 80 }, "cut at \(cut)")
            previous = cut
        }
        #expect(Self.cuts(audio, chunk: 1_600) == cuts)
    }
}
