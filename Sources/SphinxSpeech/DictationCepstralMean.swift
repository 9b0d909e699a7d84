import StationCore

/// The cepstral mean each utterance of one dictation is normalized by. The model's `-cmn batch`
/// expects each utterance normalized by its own mean; "warm" variants carry what the earlier
/// utterances of the same dictation showed. Nothing is ever carried from another dictation: each
/// dictation has its own `DictationCepstralMean`, and the decoder's live mean is put back to the
/// model's at its start (`SphinxDecoder.resetCepstralMean`).
struct DictationCepstralMean {
    typealias Policy = CepstralMeanPolicy

    /// The policy in use: each utterance by its own mean (the model's batch normalization), but the last
    /// of a dictation that already holds 5 s of speech by the earlier utterances' mean, known while it is
    /// spoken, so a send waits only for the last moment of audio. Measured against `.ownUtterance`:
    /// `scripts/bench-transcribe` (the 45.7 s dictation fed live) send-to-text 0.957 → 0.065 s quiet and
    /// 1.138 → 0.066 s with one core busy, WER 24.3 → 23.5 %; `scripts/bench-warm-decoder` (file
    /// decoding) ten sentences to a dictation 17.2 → 16.5 %, two and LibriVox joined the same.
    /// `.earlierUtterances` is as quick, and better on the synthetic voices, but worse on the real speech
    /// (LibriVox joined 22.5 → 25.4 %).
    static let adopted = Policy.ownExceptLast

    let policy: Policy
    private var seen = CepstralSum(sum: [], frames: 0)
    private var utterances = 0

    /// How many frames the earlier utterances' mean weighs in `.ownWithPrior` (sphinxbase's `CMN_WIN`).
    static let priorFrames = 500

    init(policy: Policy = Self.adopted) { self.policy = policy }

    /// The mean to preset before decoding the dictation's next utterance, whose cepstra sum to `own`
    /// (nil: leave the decoder's running estimate as it is). Asking again, as a live pass that starts
    /// over does, gives the same mean: only `finished` moves the dictation on.
    /// `closedByEnd`: the end of the audio closed the utterance, not a pause.
    func mean(forNext own: CepstralSum?, closedByEnd: Bool = false) -> [Float]? {
        if policy == .running, utterances > 0 { return nil }
        if policy == .earlierUtterances || (policy == .ownExceptLast && closedByEnd && earlierSuffice),
            let earlier = earlierMean
        {
            return earlier
        }
        guard let own else { return nil }
        switch policy {
        case .ownUtterance, .running, .ownPrefix, .earlierUtterances, .ownExceptLast: return own.mean
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

    /// Whether the earlier utterances hold enough speech for `.ownExceptLast` to normalize the last one by
    /// them: `priorFrames` (5 s), sphinxbase's window for a live mean. A shorter dictation keeps its own
    /// means, as before, and decodes its last utterance at send: on real speech a shorter earlier one's
    /// mean did worse (`scripts/bench-warm-decoder`, LibriVox pairs whose first holds under 5 s: 21.6 →
    /// 23.2 % WER), though better on the synthetic dev-corpus pairs (19.6 → 17.8 %).
    var earlierSuffice: Bool { seen.frames >= Self.priorFrames }

    /// Whether the next utterance's mean is known while it is spoken, should the end of the audio close
    /// it: then a live decode's pass over it as it comes in can go on as its final pass.
    var knowsMeanAhead: Bool {
        switch policy {
        case .ownPrefix: return true
        case .earlierUtterances: return earlierMean != nil
        case .ownExceptLast: return earlierSuffice
        case .ownUtterance, .dictationSoFar, .ownWithPrior, .running: return false
        }
    }

    /// Whether that live pass is still the final pass when a pause closes the utterance instead of the
    /// end of the audio (not for `.ownExceptLast`, whose utterances a pause ends take their own mean).
    var liveMeanHoldsAtPause: Bool { policy != .ownExceptLast }

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
    /// Each utterance by its own mean, except the last of several (the one the end of the audio closes,
    /// being spoken at a send) once the earlier ones hold 5 s of speech: by their mean, known while it is
    /// spoken. Its live pass is then its final pass, so a send waits only for the last moment of audio.
    /// A dictation of one utterance takes its own mean (by its beginning's, as `.ownPrefix` would,
    /// LibriVox recordings alone went from 21.1 to 25.4 % WER).
    case ownExceptLast
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
