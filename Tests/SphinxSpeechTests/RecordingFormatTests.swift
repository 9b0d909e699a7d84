import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Recordings that are not 16 kHz mono WAV, as handheld recorders make them, and files that are broken.
@Suite("Transcribing other recording formats", .serialized)
struct RecordingFormatTests {
    /// sox arguments that convert to each format, with the word error rate it must reach.
    static let conversions: [(name: String, options: [String], extension: String, limit: Double)] = [
        // Two resamplings (sox up, libsamplerate down) move the decode by a word of 71: measured 0.282
        // to 0.296 here, depending on what the decoder heard before (its noise estimate carries over).
        ("44.1 kHz stereo WAV", ["-r", "44100", "-c", "2"], "wav", 0.30),
        // 8 kHz keeps only the band below 4 kHz while the model listens up to 6.8 kHz: measured 0.366.
        ("8 kHz mono WAV", ["-r", "8000", "-c", "1"], "wav", 0.40),
        ("FLAC", [], "flac", 0.29),
        ("Ogg Vorbis", [], "ogg", 0.35),
        ("MP3", [], "mp3", 0.35),
    ]

    @Test("converted recordings are transcribed", arguments: 0..<conversions.count)
    func converted(_ index: Int) async throws {
        let conversion = Self.conversions[index]
        let folder = try AudioFixtures.temporaryDirectory("formats")
        defer { try? FileManager.default.removeItem(at: folder) }
        let total = try await SharedDecoder.errors(of: LibriVoxSamples.all()) { sample in
            let name = sample.file.deletingPathExtension().lastPathComponent
            let output = folder.appendingPathComponent("\(name).\(conversion.extension)")
            if conversion.extension == "mp3" {
                try AudioFixtures.mp3(from: sample.file, to: output)
            } else {
                try AudioFixtures.sox([sample.file.path] + conversion.options + [output.path])
            }
            return output
        }
        #expect(total.rate <= conversion.limit, "\(conversion.name): WER \(total.rate)")
    }

    @Test("a corrupt file and a missing file are clear errors")
    func unreadable() async throws {
        let folder = try AudioFixtures.temporaryDirectory("corrupt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let corrupt = folder.appendingPathComponent("corrupt.wav")
        try Data((0..<8_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761) }).write(to: corrupt)
        for file in [corrupt, folder.appendingPathComponent("missing.mp3")] {
            await #expect {
                _ = try await SharedDecoder.transcriber.transcribe(file: file, locale: "en-US")
            } throws: { error in
                guard case .unreadableAudio(let detail) = error as? TranscriptionError else { return false }
                return detail.contains(file.lastPathComponent)
            }
        }
    }
}
