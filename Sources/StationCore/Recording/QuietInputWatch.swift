import Foundation

/// Notices a dictation that has heard nothing but near-silence for a few seconds since it started or
/// resumed: most often the wrong microphone, a muted one, or one far from the speaker. Once anything
/// audible was heard in the dictation it stays quiet about it, so a pause to think is never flagged.
struct QuietInputWatch {
    /// A level below this (RMS, dBFS) is near-silence: a quiet room through a working microphone is
    /// about here, and speech sits well above (around −30 to −12 dBFS).
    static let audibleDecibels = -50.0
    /// How long near-silence lasts before it is flagged.
    static let patience: Duration = .seconds(3)

    /// When the current quiet stretch began; nil while not watching.
    private var quietSince: Duration?
    /// Whether anything audible was heard in this dictation.
    private var heardSomething = false

    /// A new dictation: nothing heard yet.
    mutating func reset() {
        heardSomething = false
        quietSince = nil
    }

    /// Recording (again) from `now`.
    mutating func start(at now: Duration) {
        quietSince = heardSomething ? nil : now
    }

    /// Paused or ended: nothing to watch.
    mutating func stop() { quietSince = nil }

    mutating func hear(_ level: AudioLevel) {
        guard Self.decibels(level.rms) > Self.audibleDecibels else { return }
        heardSomething = true
        quietSince = nil
    }

    /// Whether the recording has been near-silent for `patience` at `now`.
    func isQuiet(at now: Duration) -> Bool {
        guard let quietSince else { return false }
        return now - quietSince >= Self.patience
    }

    /// The RMS level on the dBFS scale (−∞ for silence).
    static func decibels(_ rms: Double) -> Double {
        rms > 0 ? 20 * log10(rms) : -.infinity
    }
}
