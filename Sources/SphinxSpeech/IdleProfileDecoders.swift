/// The decoders of MAP voice profiles kept loaded between their speakers' dictations: at most `limit`,
/// the least recently used dropped first, so a station shared by many authors does not hold a model
/// per author in memory.
struct IdleProfileDecoders {
    /// A decoder holds its own copy of the model and language model (tens of megabytes).
    var limit = 3
    /// Least recently used first.
    private(set) var decoders: [SphinxDecoder] = []

    /// Takes the idle decoder of `profile`, if one is kept. Decoders of an older version of the same
    /// profile (replaced since they loaded) are dropped.
    mutating func take(_ profile: SpeakerModel) -> SphinxDecoder? {
        decoders.removeAll { $0.speaker?.model == profile.model && $0.speaker?.version != profile.version }
        guard let index = decoders.lastIndex(where: { $0.speaker == profile }) else { return nil }
        return decoders.remove(at: index)
    }

    /// Keeps `decoder` as the most recently used; drops the oldest beyond the limit.
    mutating func add(_ decoder: SphinxDecoder) {
        decoders.append(decoder)
        if decoders.count > limit { decoders.removeFirst(decoders.count - limit) }
    }
}
