import Recordings
import Foundation
import SphinxSpeech
import StationCore
import StationTestSupport

/// A 40 s dictation fed live in real-time chunks: the time from send to text, against transcribing
/// the same file after it was stopped; and how soon a cancelled decode stops.
enum LiveComparison {
    /// 50 ms: the size of the chunks a capture delivers.
    static let chunk = 800
    /// The pause between recordings in the dictation: a breath between sentences.
    static let pause = 12_800

    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("station-bench-live-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (audio, reference) = try dictation(seconds: 40)
        let file = folder.appendingPathComponent("dictation.wav")
        try WAVFile.write(audio, to: file)

        let transcriber = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: folder.appendingPathComponent("models")),
            logFile: folder.appendingPathComponent("bench.log"))
        try await transcriber.preload(locale: "en-US")
        let clock = ContinuousClock()

        // Live: real-time chunks, then send.
        let live = try await transcriber.beginLive(locale: "en-US").unwrap()
        let drain = Task { for await _ in live.partials {} }
        let start = clock.now
        for (index, offset) in stride(from: 0, to: audio.count, by: chunk).enumerated() {
            try await clock.sleep(until: start + .milliseconds(50 * index))
            await live.feed(
                AudioChunk(samples: Array(audio[offset..<min(audio.count, offset + chunk)]), position: offset))
        }
        let sent = clock.now
        let liveText = try await live.finish(file: file).text
        let liveLatency = sent.duration(to: clock.now)
        await drain.value

        // Stopped: the whole file after the dictation ended.
        var fileText = ""
        let fileLatency = try await clock.measure {
            fileText = try await transcriber.transcribe(file: file, locale: "en-US").text
        }

        // Cancel: stop a file decode one second in.
        let decode = Task { try await transcriber.transcribe(file: file, locale: "en-US") }
        try await clock.sleep(for: .seconds(1))
        let cancelled = clock.now
        decode.cancel()
        _ = await decode.result
        let stopTime = cancelled.duration(to: clock.now)

        let length = Double(audio.count) / 16_000
        print("Live: a \(String(format: "%.1f", length)) s dictation, fed in 50 ms chunks in real time")
        print("                                    send-to-text    WER")
        print(
            "live (decoded while recording)      \(format(seconds(liveLatency))) s        "
                + format(WordErrorRate.rate(hypothesis: liveText, reference: reference)))
        print(
            "stopped (whole file after the end)  \(format(seconds(fileLatency))) s        "
                + format(WordErrorRate.rate(hypothesis: fileText, reference: reference)))
        print("ratio (live / stopped)              \(format(seconds(liveLatency) / seconds(fileLatency)))")
        print("cancel: a file decode stopped \(format(seconds(stopTime) * 1000)) ms after its cancel")
    }

    /// LibriVox recordings one after another with a breath between them, until `seconds` are reached.
    static func dictation(seconds target: Int) throws -> (audio: [Int16], reference: String) {
        let samples = try LibriVoxSamples.all()
        var audio: [Int16] = []
        var references: [String] = []
        var generator = SystemRandomNumberGenerator()
        var index = 0
        while audio.count < target * 16_000 {
            let sample = samples[index % samples.count]
            if !audio.isEmpty {
                audio += (0..<pause).map { _ in Int16.random(in: -40...40, using: &generator) }
            }
            audio += try AudioFileReader.samples(of: sample.file)
            references.append(sample.reference)
            index += 1
        }
        return (audio, references.joined(separator: " "))
    }
}

extension Optional {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "live decoding is not available" }
    }

    func unwrap() throws -> Wrapped {
        guard let self else { throw Missing() }
        return self
    }
}

/// Writes 16 kHz mono 16-bit samples as a canonical WAV file.
enum WAVFile {
    static func write(_ samples: [Int16], to url: URL) throws {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        let bytes = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8))
        append(36 + bytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))
        append(UInt16(1))
        append(UInt32(16_000))
        append(UInt32(32_000))
        append(UInt16(2))
        append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(bytes)
        samples.withUnsafeBufferPointer { data.append(Data(buffer: $0)) }
        try data.write(to: url)
    }
}
