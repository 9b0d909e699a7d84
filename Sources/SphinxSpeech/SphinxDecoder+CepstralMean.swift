import CPocketSphinx
import Foundation

/// sphinxbase's live cepstral mean (`cmn_t`): the mean subtracted from each frame, and the frames
/// summed so far from which it is updated.
struct CepstralMeanState: Equatable, Sendable {
    var mean: [Float]
    var sum: [Float]
    var frames: Int32
}

/// The cepstra of some audio, summed over its frames, as the decoder's own front end computes them.
struct CepstralSum: Equatable, Sendable {
    var sum: [Double]
    var frames: Int

    var mean: [Float] { sum.map { Float($0 / Double(max(frames, 1))) } }

    static func + (lhs: CepstralSum, rhs: CepstralSum) -> CepstralSum {
        guard !lhs.sum.isEmpty else { return rhs }
        guard !rhs.sum.isEmpty else { return lhs }
        return CepstralSum(sum: zip(lhs.sum, rhs.sum).map(+), frames: lhs.frames + rhs.frames)
    }
}

extension SphinxDecoder {
    private var normalization: UnsafeMutablePointer<cmn_t>? {
        ps_get_feat(handle)?.pointee.cmn_struct
    }

    /// How many coefficients the mean has (nil when the model normalizes nothing).
    var cepstralLength: Int? { normalization.map { Int($0.pointee.veclen) } }

    /// The live cepstral mean as it is now (nil when the model normalizes nothing).
    var cepstralMeanState: CepstralMeanState? {
        guard let cmn = normalization?.pointee, let mean = cmn.cmn_mean, let sum = cmn.sum else { return nil }
        let length = Int(cmn.veclen)
        return CepstralMeanState(
            mean: Array(UnsafeBufferPointer(start: mean, count: length)),
            sum: Array(UnsafeBufferPointer(start: sum, count: length)), frames: cmn.nframe)
    }

    /// Puts the live cepstral mean back to `state`.
    func restore(_ state: CepstralMeanState) {
        guard let cmn = normalization, let mean = cmn.pointee.cmn_mean, let sum = cmn.pointee.sum,
            Int(cmn.pointee.veclen) == state.mean.count
        else { return }
        for index in state.mean.indices {
            mean[index] = state.mean[index]
            sum[index] = state.sum[index]
        }
        cmn.pointee.nframe = state.frames
    }

    /// Back to the model's own starting mean: what another dictation (maybe another speaker) left
    /// behind never shapes this one.
    func resetCepstralMean() {
        if let initialCepstralMean { restore(initialCepstralMean) }
    }

    /// Normalizes by `mean` from now on (`cmn_live_set`: as if 500 frames of it had been seen).
    func setCepstralMean(_ mean: [Float]) {
        guard let cmn = normalization, Int(cmn.pointee.veclen) == mean.count else { return }
        cmn_live_set(cmn, mean)
    }
}
