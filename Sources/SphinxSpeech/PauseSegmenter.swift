import Foundation

/// Finds the long pauses in a stream of 16 kHz speech where an utterance can end without cutting a word.
///
/// Every 10 ms frame is measured in decibels against a noise floor that follows the quietest frames
/// quickly and louder ones slowly. A run of quiet frames as long as `minimumPause` is a pause; the cut
/// falls at its end, so the utterance keeps its trailing silence and the decoder sees every sample.
/// After `longUtterance` without such a pause, a shorter `shortPause` is enough, so the search of a
/// dictation spoken without a breath still stays small.
struct PauseSegmenter: Sendable {
    static let frameLength = 160

    /// Frames (10 ms) of quiet that make a pause.
    var minimumPause = 60
    /// Frames of quiet that make a pause once the utterance is longer than `longUtterance`.
    var shortPause = 30
    /// Frames after which the shorter pause is enough.
    var longUtterance = 2_000
    /// How far above the noise floor a frame counts as sound, in decibels.
    var speechMargin = 12.0
    /// Frames of a pause kept at the end of the utterance before it.
    var trailingQuiet = 20
    /// Frames after which an utterance ends even without a pause (30 s), at the quietest frame of its
    /// last `forcedCutWindow`: a recording with no pause the detector hears (steady noise, speech run
    /// together) is still decoded in pieces, so neither the stream's buffers nor the search grow with it.
    var longestUtterance = 3_000
    var forcedCutWindow = 200

    private var floor: Double?
    private var quietRun = 0
    /// Whether speech was heard since the last cut: until then, the audio is the rest of a pause.
    private(set) var heardSpeech = false
    /// Where the first frame of speech since the last cut starts, in samples from the stream's start.
    private(set) var speechStart = 0
    /// Samples measured so far.
    private(set) var position = 0

    /// Where the stream may be decoded up to without passing a cut still to come: a cut falls
    /// `trailingQuiet` frames into the quiet it ends, so audio after that point of the quiet so far may
    /// yet belong to the next utterance.
    var uncutEnd: Int {
        var end = position - max(0, quietRun - trailingQuiet) * Self.frameLength
        // A forced cut may fall anywhere in its window.
        let intoWindow = framesInUtterance - (longestUtterance - forcedCutWindow)
        if intoWindow > 0 { end = min(end, position - intoWindow * Self.frameLength) }
        return end
    }
    private var framesInUtterance = 0
    private var partialFrame: [Int16] = []
    /// The quietest frame of the window before a forced cut: its level and where it ends.
    private var quietest: (level: Double, end: Int)?

    init() {}

    /// Where the utterances end, counted in samples from the start of the stream; a cut may fall in
    /// audio given before `samples`.
    mutating func cuts(in samples: ArraySlice<Int16>) -> [Int] {
        var cuts: [Int] = []
        var index = samples.startIndex
        // Complete the frame left over from the last chunk first.
        if !partialFrame.isEmpty {
            let needed = Self.frameLength - partialFrame.count
            let take = min(needed, samples.count)
            partialFrame += samples[index..<index + take]
            index += take
            guard partialFrame.count == Self.frameLength else { return [] }
            if let cut = step(partialFrame[...]) { cuts.append(cut) }
            partialFrame = []
        }
        while samples.endIndex - index >= Self.frameLength {
            let end = index + Self.frameLength
            if let cut = step(samples[index..<end]) { cuts.append(cut) }
            index = end
        }
        partialFrame = Array(samples[index...])
        return cuts
    }

    /// Measures one frame; returns where the utterance ends when this frame completes a pause.
    private mutating func step(_ frame: ArraySlice<Int16>) -> Int? {
        position += frame.count
        let level = Self.decibels(frame)
        let current = floor ?? level
        // Down at once, up by at most 5 dB a second, and never below a faint hiss, so digital silence
        // (a muted input) does not make every later frame look loud.
        let rising = level < current ? level : current + min(level - current, 0.05)
        let updated = max(Self.quietestFloor, rising)
        floor = updated
        framesInUtterance += 1
        if let cut = forcedCut(level: level) { return cut }
        if level > updated + speechMargin {
            if !heardSpeech { speechStart = position - frame.count }
            heardSpeech = true
            quietRun = 0
            return nil
        }
        quietRun += 1
        let pause = framesInUtterance > longUtterance ? shortPause : minimumPause
        guard heardSpeech, quietRun >= pause else { return nil }
        let cut = position - (quietRun - min(trailingQuiet, quietRun)) * Self.frameLength
        heardSpeech = false
        quietRun = 0
        framesInUtterance = 0
        quietest = nil
        return cut
    }

    /// Ends an utterance that reached `longestUtterance` frames at the quietest frame of its last
    /// `forcedCutWindow`; the frames after that cut start the next utterance, which goes on as speech.
    private mutating func forcedCut(level: Double) -> Int? {
        guard framesInUtterance > longestUtterance - forcedCutWindow else { return nil }
        if quietest.map({ level <= $0.level }) ?? true { quietest = (level, position) }
        guard framesInUtterance >= longestUtterance, let cut = quietest?.end else { return nil }
        framesInUtterance = (position - cut) / Self.frameLength
        quietest = nil
        quietRun = 0
        if heardSpeech { speechStart = cut }
        return cut
    }

    /// About -70 dBFS.
    static let quietestFloor = 20.0

    static func decibels(_ frame: ArraySlice<Int16>) -> Double {
        var sum = 0.0
        for sample in frame {
            let value = Double(sample)
            sum += value * value
        }
        return 10 * log10(sum / Double(max(1, frame.count)) + 1)
    }
}
