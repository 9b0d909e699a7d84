import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import Recordings

@Suite("Reading recordings as 16 kHz mono")
struct AudioFileReaderTests {
    static let speech = LibriVoxSamples.folder.appendingPathComponent("sense_and_sensibility_01_austen_64kb-0880.wav")

    @Test("a 16 kHz mono 16-bit WAV is read bit for bit")
    func native() throws {
        let samples = try AudioFileReader.samples(of: Self.speech)
        let data = try Data(contentsOf: Self.speech)
        // The test file has a plain 44-byte header before its samples.
        let expected = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(samples == expected)
    }

    @Test("FLAC is lossless: the same samples as the WAV")
    func flac() throws {
        let folder = try AudioFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flac = folder.appendingPathComponent("speech.flac")
        try AudioFixtures.sox([Self.speech.path, flac.path])
        #expect(try AudioFileReader.samples(of: flac) == AudioFileReader.samples(of: Self.speech))
    }

    @Test(
        "other rates and stereo come out as a 16 kHz tone of the same pitch and loudness",
        arguments: [(8_000, 1), (22_050, 1), (44_100, 2), (48_000, 2)])
    func converted(rate: Int, channels: Int) throws {
        let folder = try AudioFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tone.wav")
        try AudioFixtures.sox([
            "-n", "-r", "\(rate)", "-c", "\(channels)", "-b", "16", file.path, "synth", "2", "sine", "440", "vol",
            "0.5",
        ])
        let reader = try AudioFileReader(url: file)
        #expect(reader.sourceSampleRate == rate)
        #expect(reader.sourceChannels == channels)
        let samples = try reader.readAll()
        #expect(abs(samples.count - 32_000) <= 16, "2 s at 16 kHz")
        // Away from the edges, a 440 Hz tone crosses zero 880 times a second.
        let middle = Array(samples[4_000..<28_000])
        let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 1_320) <= 4, "1.5 s of 440 Hz; got \(crossings) zero crossings")
        let peak = middle.map { abs(Int($0)) }.max() ?? 0
        #expect(abs(peak - 16_384) < 600, "half of full scale; got \(peak)")
    }

    @Test("a stereo file is averaged: one silent channel halves the level")
    func downmix() throws {
        let folder = try AudioFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("left-only.wav")
        try AudioFixtures.sox([
            "-n", "-r", "44100", "-c", "2", "-b", "16", file.path, "synth", "1", "sine", "440", "sine", "440",
            "remix", "1", "0", "vol", "0.8",
        ])
        let samples = try AudioFileReader.samples(of: file)
        let peak = samples[2_000..<14_000].map { abs(Int($0)) }.max() ?? 0
        #expect(abs(peak - 13_107) < 600, "0.8 / 2 of full scale; got \(peak)")
    }

    @Test("Ogg Vorbis and MP3 from a handheld recorder are read", arguments: ["ogg", "mp3"])
    func compressed(format: String) throws {
        let folder = try AudioFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("speech.\(format)")
        if format == "mp3" {
            try AudioFixtures.mp3(from: Self.speech, to: file)
        } else {
            try AudioFixtures.sox([Self.speech.path, file.path])
        }
        let samples = try AudioFileReader.samples(of: file)
        let original = try AudioFileReader.samples(of: Self.speech)
        // Encoders add a little padding; the length stays within 0.1 s.
        #expect(abs(samples.count - original.count) < 1_600, "\(samples.count) vs \(original.count)")
        #expect(AudioLevel(measuring: samples).rms > AudioLevel(measuring: original).rms * 0.8)
    }

    @Test("a missing file and a corrupt file are errors that name the file")
    func unreadable() throws {
        let folder = try AudioFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corrupt = folder.appendingPathComponent("corrupt.wav")
        try Data((0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: corrupt)
        #expect(throws: AudioFileError.self) { try AudioFileReader(url: corrupt) }
        let missing = folder.appendingPathComponent("missing.wav")
        let error = #expect(throws: AudioFileError.self) { try AudioFileReader(url: missing) }
        #expect(error?.description.contains("missing.wav") == true)
    }
}
