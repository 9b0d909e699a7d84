extension SphinxEngine {
    func useCepstralMean(_ policy: CepstralMeanPolicy) { cepstralMeanPolicy = policy }
}

extension SphinxTranscriber {
    /// Normalizes the next dictations' utterances by `policy` instead of the adopted one; for
    /// `scripts/bench-warm-decoder`, which measures them against each other.
    public func useCepstralMean(_ policy: CepstralMeanPolicy) async {
        await engine.useCepstralMean(policy)
    }
}
