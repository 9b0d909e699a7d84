import Foundation
import StationCore

/// One dictation being decoded. Audio is cut into utterances at the pauses `PauseSegmenter` finds; each
/// finished utterance is decoded once more with its cepstra normalized by its own mean (the model's
/// batch normalization, measured 28.2 % WER on LibriVox against 31.0 % with the running estimate; see
/// `DictationCepstralMean`), while the utterance still being spoken gets a pass for the partial
/// hypothesis: a quick one, or, where the policy knows the mean it would take should the audio end
/// there, its final pass, which the end of the audio lets go on.
///
/// All decoding happens in `work(budget:)`, a bounded number of samples at a time, so a caller can stop
/// between steps.
final class DecodeStream {
    /// How much fed audio is kept to recognize the file it came from (2 s).
    static let headLength = 32_000
    /// Audio between two partial hypotheses (0.3 s): a few a second while audio comes in real time.
    static let partialInterval = 4_800
    /// The quiet kept before speech that follows a pause (0.2 s); longer quiet is not decoded.
    static let leadIn = 3_200

    /// A finished utterance waiting for its final decode, with what the quick pass made of it.
    private struct Utterance {
        var audio: [Int16]
        var guess: [String]
        /// Where the utterance starts in the stream, in samples.
        var start: Int
        /// Whether the end of the audio closed it, not a pause.
        var closedByEnd: Bool
        /// How much of it a pass took while it was spoken.
        var passed: Int
    }

    private enum DecoderUse: Equatable {
        case idle, quickPass, finalPass
        /// The final pass of the utterance still being spoken, normalized by the mean of its first
        /// `prefix` samples (`CepstralMeanPolicy.ownPrefix`).
        case livePass(prefix: Int)
    }

    let decoder: SphinxDecoder
    /// Whether the utterance being spoken gets a quick pass for partial hypotheses (live only).
    var showsPartials: Bool
    private var segmenter = PauseSegmenter()
    private var open: [Int16] = []
    /// Where `open` starts in the stream, in samples.
    private var openStart = 0
    /// Whether a pause has ended an utterance: from then on, quiet before speech is trimmed.
    private var afterPause = false
    private var quickPassPosition = 0
    /// How far into the open utterance any pass has taken its audio (never behind `quickPassPosition`): a
    /// live pass that starts over with a longer beginning's mean decodes again what was heard, which is
    /// work, not lag.
    private var openTaken = 0
    private var finished: [Utterance] = []
    private var finalPassPosition = 0
    /// The front end's account of the utterance in its final pass: its mean, and where each frame the
    /// decoder searches lies in its audio.
    private var finalPassFrontEnd: FrontEndPass?
    private var use = DecoderUse.idle
    private var words: [String] = []
    private var confidences: [(words: Int, confidence: Double)] = []
    /// Every finally decoded word with its place in the stream.
    private(set) var recognizedWords: [RecognizedWord] = []
    private var samplesSincePartial = 0
    private var lastPartial: [String] = []
    /// Every sample fed so far, and the first of them.
    private(set) var samplesFed = 0
    private(set) var head: [Int16] = []
    /// The most audio the stream held at once, in samples: the open utterance and those waiting for
    /// their final pass. Utterances end by `PauseSegmenter.longestUtterance`, so it stays near 30 s
    /// however long the recording is; only the words grow with it.
    private(set) var mostHeld = 0

    /// The cepstral mean of each utterance; this dictation's alone.
    private var cepstralMean: DictationCepstralMean

    init(
        decoder: SphinxDecoder, showsPartials: Bool, cepstralMean: CepstralMeanPolicy = DictationCepstralMean.adopted
    ) {
        self.decoder = decoder
        self.showsPartials = showsPartials
        self.cepstralMean = DictationCepstralMean(policy: cepstralMean)
        // A new dictation, maybe another speaker's: nothing the decoder heard before carries over.
        decoder.resetCepstralMean()
    }

    /// Audio taken in and not decoded yet, in samples: what the decoder is behind the recording.
    var backlog: Int {
        var samples = finished.reduce(0) { $0 + $1.audio.count }
        if use == .finalPass { samples -= finalPassPosition }
        if showsPartials, segmenter.heardSpeech || !afterPause { samples += open.count - quickPassPosition }
        return max(0, samples)
    }

    /// Audio heard and not yet taken by any pass, in samples: how far the decoder is behind the
    /// recording. An utterance's final pass over audio its pass while spoken already took is work left
    /// at send, not lag: counted as lag, every sentence over 2 s read as the computer being busy.
    var lag: Int {
        var samples = 0
        for (index, utterance) in finished.enumerated() {
            let taken = index == 0 && use == .finalPass ? max(utterance.passed, finalPassPosition) : utterance.passed
            samples += max(0, utterance.audio.count - taken)
        }
        if showsPartials, segmenter.heardSpeech || !afterPause {
            samples += max(0, open.count - openTaken)
        }
        return samples
    }

    /// Whether decoding work is waiting.
    var hasWork: Bool { !finished.isEmpty || quickPassDue || livePassDue }

    /// Whether the final pass runs while the utterance is spoken: live, when the utterance's mean is known
    /// before it ends (the mean of its beginning, or of the dictation's earlier utterances).
    private var decodesAhead: Bool { showsPartials && cepstralMean.knowsMeanAhead }

    private var quickPassDue: Bool {
        showsPartials && !decodesAhead && quickPassPosition < open.count && (segmenter.heardSpeech || !afterPause)
    }

    /// How much of the open utterance the live pass may take: audio a cut still to come cannot fall before.
    private var livePassLimit: Int { max(0, min(open.count, segmenter.uncutEnd - openStart)) }

    private var livePassDue: Bool {
        decodesAhead && finished.isEmpty
            && open.count >= (livePassPrefix(of: open.count) > 0 ? AudioChunk.sampleRate : 1)
            && (segmenter.heardSpeech || !afterPause)
            && (quickPassPosition < livePassLimit || use != .livePass(prefix: livePassPrefix))
    }

    /// The beginning of the open utterance whose mean its live pass uses now.
    private var livePassPrefix: Int { livePassPrefix(of: open.count) }

    /// The beginning of an utterance of `length` samples whose mean its final pass takes (`.ownPrefix`);
    /// 0 where the mean is the earlier utterances'.
    private func livePassPrefix(of length: Int) -> Int {
        cepstralMean.policy == .ownPrefix ? DictationCepstralMean.prefixLength(of: length) : 0
    }

    /// Takes in audio, cutting utterances at pauses; decodes nothing yet.
    func append(_ samples: ArraySlice<Int16>) {
        if head.count < Self.headLength {
            head += samples.prefix(Self.headLength - head.count)
        }
        samplesFed += samples.count
        samplesSincePartial += samples.count
        open += samples
        mostHeld = max(mostHeld, open.count + finished.reduce(0) { $0 + $1.audio.count })
        for cut in segmenter.cuts(in: samples) {
            closeUtterance(length: cut - openStart, byEnd: false)
            afterPause = true
        }
        // Between sentences only the last moment of quiet before speech is kept: a long pause is not
        // decoded. Counted from where speech starts, or while none is heard from the last frame the
        // segmenter measured (never past where speech can start), so the chunk sizes of the feed
        // change nothing: a chunk's end would cut into speech that begins in its last partial frame.
        guard afterPause else { return }
        let keepFrom = (segmenter.heardSpeech ? segmenter.speechStart : segmenter.position) - Self.leadIn
        let dropped = min(open.count, keepFrom - openStart)
        if dropped > 0 {
            if use == .quickPass || isLivePass { abandon() }
            open.removeFirst(dropped)
            openStart += dropped
            openTaken = max(0, openTaken - dropped)
            quickPassPosition = 0
        }
    }

    /// The end of the audio: what is still open becomes the last utterance.
    func endOfAudio() {
        if !open.isEmpty { closeUtterance(length: open.count, byEnd: true) }
    }

    /// Decodes at most about `budget` samples (`.max`: all there is); returns whether work remains. A step
    /// never adds the budget to a position: `.max` would overflow.
    @discardableResult
    func work(budget: Int) throws -> Bool {
        var left = budget
        while left > 0 {
            if !finished.isEmpty {
                left -= try finalPassStep(maximum: left)
            } else if quickPassDue {
                left -= try quickPassStep(maximum: left)
            } else if livePassDue {
                left -= try livePassStep(maximum: left)
            } else {
                return false
            }
        }
        return hasWork
    }

    /// The partial hypothesis when one is due and it changed since the last.
    func duePartial() -> [String]? {
        guard samplesSincePartial >= Self.partialInterval else { return nil }
        samplesSincePartial = 0
        let current = currentWords
        guard current != lastPartial else { return nil }
        lastPartial = current
        return current
    }

    /// Every decoded word, and the mean word confidence, once all work is done.
    var result: (words: [String], confidence: Double?) {
        let total = confidences.reduce(0) { $0 + $1.words }
        guard total > 0 else { return (words, nil) }
        return (words, confidences.reduce(0.0) { $0 + Double($1.words) * $1.confidence } / Double(total))
    }

    /// Stops an utterance in progress without keeping it, so the decoder can serve another stream.
    func abandon() {
        if use != .idle { _ = try? decoder.endUtterance() }
        use = .idle
    }

    /// Final words, the quick guesses for utterances not finally decoded yet, and the current guess.
    private var currentWords: [String] {
        var current = words + finished.flatMap(\.guess)
        if use == .quickPass || isLivePass { current += Self.split(decoder.hypothesis) }
        return current
    }

    private var isLivePass: Bool {
        if case .livePass = use { return true }
        return false
    }

    private func closeUtterance(length: Int, byEnd: Bool) {
        var guess: [String] = []
        let length = max(0, min(length, open.count))
        var continued = false
        let passed = min(length, openTaken)
        if use == .quickPass || isLivePass {
            guess = Self.split(decoder.hypothesis)
            // The live pass normalized by the mean this utterance's final pass takes, and fed none of
            // the next one: it goes on as the final pass.
            if use == .livePass(prefix: livePassPrefix(of: length)), quickPassPosition <= length,
                finished.isEmpty, byEnd || cepstralMean.liveMeanHoldsAtPause
            {
                continued = true
            } else {
                abandon()
            }
        }
        finished.append(
            Utterance(
                audio: Array(open[..<length]), guess: guess, start: openStart, closedByEnd: byEnd, passed: passed))
        if continued {
            use = .finalPass
            finalPassPosition = quickPassPosition
            finalPassFrontEnd = nil
        }
        open.removeFirst(length)
        openStart += length
        openTaken = max(0, openTaken - length)
        quickPassPosition = 0
    }

    private func finalPassStep(maximum: Int) throws -> Int {
        let audio = finished[0].audio
        if use == .quickPass || isLivePass { abandon() }
        if use == .idle {
            finalPassFrontEnd = decoder.frontEndPass(of: audio)
            try decoder.startUtterance(
                cepstralMean: cepstralMean.mean(forNext: meanSource(for: audio), closedByEnd: finished[0].closedByEnd))
            use = .finalPass
            finalPassPosition = 0
        }
        let end = finalPassPosition + min(maximum, audio.count - finalPassPosition)
        try decoder.process(audio[finalPassPosition..<end])
        let done = end - finalPassPosition
        finalPassPosition = end
        if end == audio.count {
            use = .idle
            try decoder.endUtterance()
            if finalPassFrontEnd == nil { finalPassFrontEnd = decoder.frontEndPass(of: audio) }
            let decoded = Self.split(decoder.hypothesis)
            words += decoded
            if let confidence = decoder.wordConfidence { confidences.append((decoded.count, confidence)) }
            recognizedWords += RecognizedWords.placed(
                decoder.decodedWords(in: finalPassFrontEnd), at: finished[0].start, decoder: decoder)
            cepstralMean.finished(finalPassFrontEnd?.cepstra)
            finished.removeFirst()
        }
        return max(1, done)
    }

    /// The cepstra the policy takes the mean of for `audio`, the next utterance: its beginning for
    /// `.ownPrefix`, else all of it.
    private func meanSource(for audio: [Int16]) -> CepstralSum? {
        let prefix = DictationCepstralMean.prefixLength(of: audio.count)
        guard cepstralMean.policy == .ownPrefix, prefix < audio.count else { return finalPassFrontEnd?.cepstra }
        return decoder.frontEndPass(of: Array(audio[..<prefix]))?.cepstra
    }

    /// The final pass of the utterance being spoken, as far as audio is safe from a cut: normalized by
    /// the mean of its longest beginning of 1, 2, 4… seconds, and started again when a longer one
    /// arrives, so at the cut (or at send) it is that utterance's final pass, with what is left to feed.
    private func livePassStep(maximum: Int) throws -> Int {
        let prefix = livePassPrefix
        if use != .livePass(prefix: prefix) {
            if use != .idle { abandon() }
            let mean = prefix > 0 ? decoder.frontEndPass(of: Array(open[..<prefix]))?.cepstra : nil
            try decoder.startUtterance(cepstralMean: cepstralMean.mean(forNext: mean, closedByEnd: true))
            use = .livePass(prefix: prefix)
            quickPassPosition = 0
        }
        let end = quickPassPosition + min(maximum, max(0, livePassLimit - quickPassPosition))
        guard end > quickPassPosition else { return maximum }
        try decoder.process(open[quickPassPosition..<end])
        let done = end - quickPassPosition
        quickPassPosition = end
        openTaken = max(openTaken, end)
        return max(1, done)
    }

    private func quickPassStep(maximum: Int) throws -> Int {
        if use == .idle {
            try decoder.startUtterance()
            use = .quickPass
        }
        let end = quickPassPosition + min(maximum, max(0, open.count - quickPassPosition))
        try decoder.process(open[quickPassPosition..<end])
        let done = end - quickPassPosition
        quickPassPosition = end
        openTaken = max(openTaken, end)
        return max(1, done)
    }

    static func split(_ hypothesis: String) -> [String] {
        hypothesis.split(separator: " ").map(String.init)
    }
}
