import Foundation

/// A decoder that has scored no audio yet decodes its first utterance otherwise than the same audio
/// later: the first LibriVox recording came out with other word confidences on a new decoder, and a
/// live dictation and the decode of its file could differ when one of them met a new decoder. (The
/// likely cause: pocketsphinx starts each frame's search for the nearest codewords from those of the
/// frame before, and a new decoder's first frame from codewords 0 to 3.) Once any audio was scored,
/// what came before made no difference: each of the five recordings decoded alike after each other
/// one, whole or cut off mid-speech. So every decoder scores a short fixed sound as it loads
/// (`DecoderHistoryTests`).
extension SphinxDecoder {
    /// 0.2 s of seeded white noise at an eighth of full scale: the voice activity detection passes it to
    /// the search (at 0.1 s it passed none), and it is cheap to search: about 30 ms of a decoder's load,
    /// where a voiced sound took 100 ms.
    static let primingSound: [Int16] = {
        var state: UInt32 = 1
        return (0..<3_200).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int16(truncatingIfNeeded: Int32(bitPattern: state) >> 19)
        }
    }()

    /// Decodes `primingSound` and forgets it: the live cepstral mean is the model's again.
    func prime() throws {
        try startUtterance()
        try process(Self.primingSound[...])
        try endUtterance()
        resetCepstralMean()
    }
}
