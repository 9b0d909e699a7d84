import Recordings
import StationTestSupport

/// A LibriVox recording of pocketsphinx-testdata, read once: its audio and what is said in it.
struct LibriVoxRecording {
    var name: String
    var audio: [Int16]
    var reference: String

    /// The five recordings, in order.
    static func all() throws -> [LibriVoxRecording] {
        try LibriVoxSamples.all().map {
            LibriVoxRecording(
                name: $0.file.lastPathComponent, audio: try AudioFileReader.samples(of: $0.file),
                reference: $0.reference)
        }
    }
}
