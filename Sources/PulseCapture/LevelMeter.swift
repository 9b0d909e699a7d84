import StationCore

/// Turns the stream of samples into levels for a meter, one per `window` samples (20 a second at 16 kHz).
struct LevelMeter {
    var window = AudioChunk.sampleRate / 20
    private var count = 0
    private var peak: Int32 = 0
    private var sumOfSquares = 0.0

    /// Takes samples in; returns the levels of the windows they completed.
    mutating func add(_ samples: [Int16]) -> [AudioLevel] {
        var levels: [AudioLevel] = []
        for sample in samples {
            let value = Int32(sample)
            peak = max(peak, abs(value))
            sumOfSquares += Double(value * value)
            count += 1
            if count == window {
                levels.append(
                    AudioLevel(
                        peak: min(1, Double(peak) / 32768),
                        rms: min(1, (sumOfSquares / Double(count)).squareRoot() / 32768)))
                count = 0
                peak = 0
                sumOfSquares = 0
            }
        }
        return levels
    }
}
