/// A run of captured audio: 16 kHz, mono, signed 16-bit samples, the format PocketSphinx decodes.
public struct AudioChunk: Sendable, Equatable {
    /// The sample rate every chunk in the station uses.
    public static let sampleRate = 16_000

    public var samples: [Int16]
    /// Where the chunk starts in the recording's file, in samples from its first one. A live decoder
    /// checks that chunks follow each other, so a dropped chunk or a rewritten stretch is read from
    /// the file instead of being decoded wrong.
    public var position: Int

    public init(samples: [Int16], position: Int) {
        self.samples = samples
        self.position = position
    }

    /// Where the next chunk starts when none is missing.
    public var end: Int { position + samples.count }

    /// The chunk's length in time.
    public var duration: Duration {
        .microseconds(Int64(samples.count) * 1_000_000 / Int64(Self.sampleRate))
    }
}

/// The loudness of the last few milliseconds of capture, for a level meter: both 0 (silence) to 1 (full scale).
public struct AudioLevel: Sendable, Equatable {
    public var peak: Double
    public var rms: Double

    public init(peak: Double, rms: Double) {
        self.peak = peak
        self.rms = rms
    }

    public static let silence = AudioLevel(peak: 0, rms: 0)

    /// Measures a chunk's peak and root-mean-square level.
    public init(measuring samples: [Int16]) {
        guard !samples.isEmpty else {
            self = .silence
            return
        }
        var peak = 0
        var sumOfSquares = 0.0
        for sample in samples {
            let value = Int(sample)
            peak = max(peak, abs(value))
            sumOfSquares += Double(value * value)
        }
        self.peak = min(1, Double(peak) / 32768)
        self.rms = min(1, (sumOfSquares / Double(samples.count)).squareRoot() / 32768)
    }
}
