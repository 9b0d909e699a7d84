import StationCore

/// The cepstral mean each utterance of one dictation is normalized by. The model's `-cmn batch`
/// expects each utterance normalized by its own mean; "warm" variants carry what the earlier
/// utterances of the same dictation showed. Nothing is ever carried from another dictation: each
/// dictation has its own `DictationCepstralMean`, and the decoder's live mean is put back to the
/// model's at its start (`SphinxDecoder.resetCepstralMean`).
struct DictationCepstralMean {
    typealias Policy = CepstralMeanPolicy

    /// The policy in use, measured by `scripts/bench-warm-decoder` (WER, own utterance → dictation so
    /// far): dev corpus 17.2 % → 15.8 % (kal16 18.2 → 17.1, rms 10.8 → 8.5, slt 22.1 → 21.2; own with
    /// prior 16.5 %, running 16.2 %), LibriVox joined into one dictation 22.5 % either way. Not adopted:
    /// with the dictation's mean, an utterance depends on where every earlier one starts, which live
    /// feeding then moved by a few samples, so live and file decoding disagreed on word times (over
    /// 20 ms). Utterances now start at the same sample however the audio is fed (`DecodeStream.append`,
    /// `LiveFeedChunkingTests`), so that reason is gone; not measured again yet.
    static let adopted = Policy.ownUtterance

    let policy: Policy
    private var seen = CepstralSum(sum: [], frames: 0)
    private var utterances = 0

    /// How many frames the earlier utterances' mean weighs in `.ownWithPrior` (sphinxbase's `CMN_WIN`).
    static let priorFrames = 500

    init(policy: Policy = Self.adopted) { self.policy = policy }

    /// The mean to preset before decoding the dictation's next utterance, whose cepstra sum to `own`
    /// (nil: leave the decoder's running estimate as it is). Asking again, as a live pass that starts
    /// over does, gives the same mean: only `finished` moves the dictation on.
    func mean(forNext own: CepstralSum?) -> [Float]? {
        if policy == .running, utterances > 0 { return nil }
        if policy == .earlierUtterances, let earlier = earlierMean { return earlier }
        guard let own else { return nil }
        switch policy {
        case .ownUtterance, .running, .ownPrefix, .earlierUtterances: return own.mean
        case .dictationSoFar: return (seen + own).mean
        case .ownWithPrior:
            guard seen.frames > 0 else { return own.mean }
            // The earlier utterances count as `priorFrames` frames of their mean, as `cmn_live_set` counts a prior.
            let prior = CepstralSum(
                sum: seen.mean.map { Double($0) * Double(Self.priorFrames) }, frames: Self.priorFrames)
            return (prior + own).mean
        }
    }

    /// The mean of the utterances finished so far; nil before the first.
    var earlierMean: [Float]? { seen.frames > 0 ? seen.mean : nil }

    /// Whether the next utterance's mean is known before it is spoken (`.earlierUtterances` after the
    /// first), so that a live decode's one pass over it is its final pass.
    var knowsNextMean: Bool { policy == .earlierUtterances && earlierMean != nil }

    /// An utterance was finally decoded; its cepstra summed to `own`.
    mutating func finished(_ own: CepstralSum?) {
        utterances += 1
        if let own { seen = seen + own }
    }
}

/// How the utterances of one dictation are normalized (`DictationCepstralMean`).
public enum CepstralMeanPolicy: String, Sendable, CaseIterable {
    /// Each utterance by its own mean (cold: the earlier utterances change nothing).
    case ownUtterance
    /// Each utterance by the mean of the dictation's speech so far, itself included.
    case dictationSoFar
    /// Each utterance by its own mean with the earlier utterances' mean as a prior worth 5 s of frames:
    /// a short utterance leans on the dictation, a long one on itself.
    case ownWithPrior
    /// The first utterance by its own mean, the next ones by the decoder's running estimate as
    /// the previous utterance left it.
    case running
    /// Each utterance by the mean of its longest beginning of 1, 2, 4, 8… seconds (all of it when
    /// shorter than a second): at least half of it, and known while it is still being spoken, so a live
    /// decode can run its final pass as the utterance comes in and finish at send with what is left.
    case ownPrefix
    /// The first utterance by its own mean, each later one by the mean of the dictation's earlier
    /// utterances: the same speaker at the same microphone, and known before the utterance starts, so a
    /// live decode's pass over it as it is spoken is its final pass and a send waits only for the last
    /// moment of audio.
    case earlierUtterances
}

extension CepstralMeanPolicy {
    /// The policy the station decodes with (`DictationCepstralMean.adopted`).
    public static var station: CepstralMeanPolicy { DictationCepstralMean.adopted }
}

extension DictationCepstralMean {
    /// The length of the beginning of an utterance of `length` samples whose mean `.ownPrefix` takes:
    /// the largest second × 2^k that fits, or the whole utterance below a second.
    static func prefixLength(of length: Int) -> Int {
        let second = AudioChunk.sampleRate
        guard length >= second else { return length }
        var prefix = second
        while prefix * 2 <= length { prefix *= 2 }
        return prefix
    }
}
