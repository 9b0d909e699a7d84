import Foundation
import Recordings
import SphinxSpeech
import StationCore
import StationTestSupport

/// A 45.7 s dictation fed live in real-time chunks: the time from send to text, on a quiet machine and
/// with one core kept busy, for each way of normalizing the utterances that a live decode can use
/// (`ownUtterance`: the final pass starts when the utterance ends; `ownPrefix` and `earlierUtterances`:
/// it runs while the utterance is spoken; `ownExceptLast`: so for the last utterance), against
/// transcribing the same file after it was stopped; with the live decoder's real-time factor and how far
/// behind the recording it fell (audio no pass had taken yet); then short dictations, whose last utterance
/// is still decoded at send; and how soon a cancelled decode stops.
enum LiveComparison {
    /// 50 ms: the size of the chunks a capture delivers.
    static let chunk = 800
    /// The pause between recordings in the dictation: a breath between sentences.
    static let pause = 12_800

    struct LiveRun {
        var latency: Duration
        var wer: Double
        var realTimeFactor: Double
        var mostBehind: Duration
    }

    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("station-bench-live-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (audio, reference) = try dictation(seconds: 40)
        let file = folder.appendingPathComponent("dictation.wav")
        try WAVFile.write(audio, to: file)
        let length = Double(audio.count) / 16_000
        print("Live: a \(String(format: "%.1f", length)) s dictation, fed in 50 ms chunks in real time, then sent")
        print("condition        decoding                                send-to-text  WER     RTF    most behind")

        for busyCore in [false, true] {
            let burner = busyCore ? try BusyCore() : nil
            defer { burner?.stop() }
            let condition = busyCore ? "one core busy" : "quiet"
            print("\(condition): load average \(loadAverage())")
            var runs: [CepstralMeanPolicy: LiveRun] = [:]
            for policy in [CepstralMeanPolicy.ownUtterance, .ownPrefix, .earlierUtterances, .ownExceptLast] {
                let transcriber = try await transcriber(in: folder, policy: policy)
                let run = try await live(audio, file: file, reference: reference, transcriber: transcriber)
                runs[policy] = run
                let name = "live, \(policy.rawValue)\(policy == .station ? " (the station's)" : "")"
                print(
                    "  \(condition.padding(toLength: 14, withPad: " ", startingAt: 0)) "
                        + name.padding(toLength: 40, withPad: " ", startingAt: 0)
                        + "\(format(seconds(run.latency))) s       \(format(run.wer))    \(format(run.realTimeFactor))   "
                        + "\(format(seconds(run.mostBehind))) s")
            }
            // The reference: the whole file after the recording stopped, decoded as the station decodes.
            let transcriber = try await transcriber(in: folder, policy: .station)
            var fileText = ""
            let clock = ContinuousClock()
            let fileLatency = try await clock.measure {
                fileText = try await transcriber.transcribe(file: file, locale: "en-US").text
            }
            print(
                "  \(condition.padding(toLength: 14, withPad: " ", startingAt: 0)) "
                    + "stopped (whole file after the end)".padding(toLength: 40, withPad: " ", startingAt: 0)
                    + "\(format(seconds(fileLatency))) s       "
                    + format(WordErrorRate.rate(hypothesis: fileText, reference: reference)))
            if let now = runs[.station] {
                print(
                    "  ratio: the station's live send / the whole file stopped "
                        + format(seconds(now.latency) / seconds(fileLatency)))
            }
        }

        try await shortDictations(in: folder)

        // Cancel: stop a file decode one second in.
        let transcriber = try await transcriber(in: folder, policy: .station)
        let clock = ContinuousClock()
        let decode = Task { try await transcriber.transcribe(file: file, locale: "en-US") }
        try await clock.sleep(for: .seconds(1))
        let cancelled = clock.now
        decode.cancel()
        _ = await decode.result
        print(
            "cancel: a file decode stopped \(format(seconds(cancelled.duration(to: clock.now)) * 1000)) ms after its cancel"
        )
    }

    static func transcriber(in folder: URL, policy: CepstralMeanPolicy) async throws -> SphinxTranscriber {
        let transcriber = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: folder.appendingPathComponent("models")),
            logFile: folder.appendingPathComponent("bench.log"))
        await transcriber.useCepstralMean(policy)
        try await transcriber.preload(locale: "en-US")
        return transcriber
    }

    /// Feeds `audio` in real time, sends, and measures the time from send to text.
    static func live(
        _ audio: [Int16], file: URL, reference: String, transcriber: SphinxTranscriber
    ) async throws -> LiveRun {
        let clock = ContinuousClock()
        let live = try await transcriber.beginLive(locale: "en-US").unwrap()
        let drain = Task { for await _ in live.partials {} }
        let paces = Task {
            var last: LiveDecodingPace?
            var most = Duration.zero
            for await pace in live.paces {
                last = pace
                most = max(most, pace.behind)
            }
            return (last, most)
        }
        let start = clock.now
        for (index, offset) in stride(from: 0, to: audio.count, by: chunk).enumerated() {
            try await clock.sleep(until: start + .milliseconds(50 * index))
            await live.feed(
                AudioChunk(samples: Array(audio[offset..<min(audio.count, offset + chunk)]), position: offset))
        }
        let sent = clock.now
        let text = try await live.finish(file: file).text
        let latency = sent.duration(to: clock.now)
        await drain.value
        let (last, most) = await paces.value
        return LiveRun(
            latency: latency, wer: WordErrorRate.rate(hypothesis: text, reference: reference),
            realTimeFactor: last?.realTimeFactor ?? 0, mostBehind: most)
    }

    /// The one-minute load average, to read the figures by.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Short dictations, as between patients, sent as the station sends them: one utterance (the last is
    /// decoded again by its own mean at send), and a short sentence before a longer one (the earlier
    /// speech is under the 5 s the last utterance's mean may be taken from).
    static func shortDictations(in folder: URL) async throws {
        let recordings = try LibriVoxRecording.all()
        let dictations = [
            ("one utterance", [recordings[0]]), ("3.0 s, then 5.3 s", [recordings[1], recordings[2]]),
        ]
        print("Short dictations, live as above, the station's way (\(CepstralMeanPolicy.station.rawValue))")
        print("condition        dictation                               send-to-text  WER")
        for busyCore in [false, true] {
            let burner = busyCore ? try BusyCore() : nil
            defer { burner?.stop() }
            let condition = busyCore ? "one core busy" : "quiet"
            for (name, parts) in dictations {
                let (audio, reference) = joined(parts)
                let file = folder.appendingPathComponent("short.wav")
                try WAVFile.write(audio, to: file)
                let transcriber = try await transcriber(in: folder, policy: .station)
                let run = try await live(audio, file: file, reference: reference, transcriber: transcriber)
                let label = "\(name) (\(format(Double(audio.count) / 16_000)) s)"
                print(
                    "  \(condition.padding(toLength: 14, withPad: " ", startingAt: 0)) "
                        + label.padding(toLength: 40, withPad: " ", startingAt: 0)
                        + "\(format(seconds(run.latency))) s       \(format(run.wer))")
            }
        }
    }

    /// LibriVox recordings one after another with a breath between them, until `seconds` are reached.
    static func dictation(seconds target: Int) throws -> (audio: [Int16], reference: String) {
        let recordings = try LibriVoxRecording.all()
        var parts: [LibriVoxRecording] = []
        var length = 0
        while length < target * 16_000 {
            let recording = recordings[parts.count % recordings.count]
            length += recording.audio.count + (parts.isEmpty ? 0 : pause)
            parts.append(recording)
        }
        return joined(parts)
    }

    /// The recordings one after another with a breath between them.
    static func joined(_ parts: [LibriVoxRecording]) -> (audio: [Int16], reference: String) {
        var audio: [Int16] = []
        var generator = SeededNoise(state: 21)
        for recording in parts {
            if !audio.isEmpty {
                audio += (0..<pause).map { _ in Int16(Int(generator.next() % 81) - 40) }
            }
            audio += recording.audio
        }
        return (audio, parts.map(\.reference).joined(separator: " "))
    }
}

/// The same faint hiss in every run.
struct SeededNoise {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}

/// One core kept busy by a shell loop, as another program would keep it: the live decoder shares the
/// other core with everything else.
final class BusyCore {
    private let process = Process()

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "while :; do :; done"]
        try process.run()
    }

    /// SIGKILL, not `terminate()`: the shell inherits the signal mask of the concurrency thread that
    /// started it, which blocks SIGTERM, so a SIGTERM stayed pending and the benchmark waited for ever.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
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
