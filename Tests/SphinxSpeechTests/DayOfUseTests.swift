import Recordings
import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// A station runs all day: thousands of dictations begun, fed, finished, cancelled or dropped, and
/// transcribers made and released, must leave neither threads nor decoders behind.
@Suite("A day of use does not grow", .serialized)
struct DayOfUseTests {
    static let noInstalledModels = ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models"))

    /// The threads of this process now.
    static var threadCount: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    /// The resident memory of this process, in kB.
    static var residentKilobytes: Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test("300 transcribers made, used and released leave no decoding thread behind")
    func threadsAreReleased() async throws {
        let before = Self.threadCount
        for _ in 0..<300 {
            let transcriber = SphinxTranscriber(locator: Self.noInstalledModels, logFile: nil)
            // A job on its thread, as any decode would run.
            #expect(await transcriber.engine.openStreams == 0)
        }
        var after = Self.threadCount
        for _ in 0..<1_000 where after > before + 30 {
            try await Task.sleep(for: .milliseconds(5))
            after = Self.threadCount
        }
        // Other suites start threads meanwhile; 300 leaked ones would be far past this bound.
        #expect(after <= before + 30, "\(before) threads before, \(after) after")
    }

    @Test("2,000 dictations begun and ended every way, 40 of them decoded: a decoder or two, no memory growth")
    func decodersAreReused() async throws {
        let transcriber = SphinxTranscriber(locator: Self.noInstalledModels, logFile: nil)
        let folder = try AudioFixtures.temporaryDirectory("day")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try #require(LibriVoxSamples.all().first)
        let short = folder.appendingPathComponent("short.wav")
        let audio = try AudioFileReader.samples(of: sample.file)
        try AudioFixtures.writeWAV(Array(audio.prefix(4_800)), to: short)
        let chunk = AudioChunk(samples: Array(audio.prefix(1_600)), position: 0)

        // Two decoders from the start: a dropped dictation gives its decoder back a moment later, so the
        // next one may need a second.
        let first = await transcriber.beginLive(locale: "en-US")
        let second = await transcriber.beginLive(locale: "en-US")
        await first?.cancel()
        await second?.cancel()
        var residentAfterWarmUp = 0
        // A decode costs up to a second of this busy machine; beginning and ending a dictation, next to nothing.
        for round in 0..<2_000 {
            if round == 100 { residentAfterWarmUp = Self.residentKilobytes }
            let decodes = round % 50 == 0
            switch round % 3 {
            case 0:
                // Dropped without finish or cancel (a session that went away).
                let live = await transcriber.beginLive(locale: "en-US")
                if decodes { await live?.feed(chunk) }
            case 1:
                let live = try #require(await transcriber.beginLive(locale: "en-US"))
                if decodes {
                    await live.feed(chunk)
                    _ = try await live.finish(file: short)
                } else {
                    await live.cancel()
                }
            default:
                if decodes {
                    _ = try await transcriber.transcribe(file: short, locale: "en-US")
                } else {
                    await transcriber.beginLive(locale: "en-US")?.cancel()
                }
            }
            // Leaked decoders cost a model each (tens of MB): stop early rather than fill the machine.
            if await transcriber.engine.decodersLoaded > 8 { break }
        }
        var open = await transcriber.engine.openStreams
        for _ in 0..<1_000 where open > 0 {
            try await Task.sleep(for: .milliseconds(5))
            open = await transcriber.engine.openStreams
        }
        let loaded = await transcriber.engine.decodersLoaded
        let growth = Self.residentKilobytes - residentAfterWarmUp
        print("day of use: \(loaded) decoder(s) loaded, resident memory grew by \(growth) kB over 1,900 dictations")
        #expect(open == 0, "every dictation gave its decoder back")
        #expect(loaded <= 4, "\(loaded) decoders loaded")
        // The memory is the whole process's, and suites running alongside load decoders of their own
        // (about 45 MB each); the nine leaked decoders that stop the loop would be 400 MB.
        #expect(growth < 150_000, "resident memory grew by \(growth) kB")
    }

    @Test("a model probe that hangs is stopped after its timeout and the model counts as broken")
    func hangingProbeIsStopped() throws {
        let folder = try AudioFixtures.temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("pid")
        let tool = folder.appendingPathComponent("hanging-probe")
        // Exits 0 after 20 s, as a load that finally succeeds would; the probe must not wait that long.
        try "#!/bin/sh\necho $$ > '\(pidFile.path)'\nexec sleep 20\n".write(to: tool, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: tool.path)
        let model = try #require(ModelLocator.debianModels.first)
        let probe = ModelProbe(tool: tool, timeout: .seconds(1))
        let log = InMemoryLog()
        let problem = probe.problem(with: model, log: log)
        #expect(problem?.contains("did not end") == true, "\(problem ?? "no problem found")")
        let pid = try #require(
            Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the hanging child is gone")
    }
}
