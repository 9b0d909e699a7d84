import Foundation
import PulseCapture
import Recordings
import StationCore
import StationTestSupport
import Testing

extension AudioServerSuites {
    /// The capture against the real test server (scripts/test starts it). Each test has its own null sink
    /// or sine source, and the suite runs one test at a time.
    @Suite("PulseCapture records real audio", .serialized)
    struct PulseCaptureTests {
        init() throws {
            try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        }

        @Test("played speech is in the file, 16 kHz mono s16, to its last sample")
        func capturesPlayedSpeech() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("speech.wav")
            let played = PulseTestServer.speech("0880")
            let source = try AudioMatching.samples(of: played)
            let observer = try await PulseTestServer.withSink { sink in
                let capture = PulseCapture(source: "\(sink).monitor")
                let observer = CaptureObserver(capture)
                try await capture.start(recordingTo: file, appending: false)
                try await observer.waitForAudio()
                await waitForExit(try PulseTestServer.play(played, into: sink))
                try await Task.sleep(for: .milliseconds(300))
                let stopped = try await capture.stop()
                #expect(stopped == file)
                await observer.drain()
                #expect(observer.levels.current.contains { $0.rms > 0.01 }, "the level meter saw the speech")
                return observer
            }
            let info = try WAVInfo(file)
            #expect(info.sampleRate == 16_000 && info.channels == 1)
            let levelCount = observer.levels.current.count
            // About 20 a second of heard audio; the monitor may first stay silent for up to its 2 s block.
            #expect(
                Double(levelCount) >= (info.seconds - 2.1) * 20 - 3 && Double(levelCount) <= info.seconds * 20 + 1,
                "\(levelCount) levels in \(info.seconds) s")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let captured = try AudioMatching.samples(of: file)
            #expect(info.dataBytes == captured.count * 2, "the header declares the audio present")
            let offset = try #require(
                AudioMatching.locate(source[4_000..<4_064], in: captured), "the speech is in the file")
            let agreeing = AudioMatching.agreement(captured, from: offset, source, from: 4_000)
            #expect(agreeing == source.count - 4_000, "every sample of the speech, the last words included")
        }

        @Test("a timed recording from a real-time source lasts the time recorded, across a pause")
        func timedRecordingLastsItsTime() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("sine.wav")
            let clock = ContinuousClock()
            var recorded = Duration.zero
            try await PulseTestServer.withSineSource { source in
                let capture = PulseCapture(source: source)
                try await capture.start(recordingTo: file, appending: false)
                var began = clock.now
                try await Task.sleep(for: .milliseconds(2_300))
                var paused = clock.now
                try await capture.pause()
                recorded += paused - began
                try await Task.sleep(for: .seconds(1))
                began = clock.now
                try await capture.resume()
                try await Task.sleep(for: .milliseconds(1_700))
                paused = clock.now
                _ = try await capture.stop()
                recorded += paused - began
            }
            let seconds = try WAVInfo(file).seconds
            let expected = Double(recorded.components.seconds) + Double(recorded.components.attoseconds) / 1e18
            #expect(abs(seconds - expected) < 0.05, "recorded \(seconds) s, expected \(expected) s")
        }

        @Test("pause and stop asked at once: one runs after the other, and the file is whole")
        func pauseAndStopAtOnce() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("at-once.wav")
            try await PulseTestServer.withSineSource { source in
                let capture = PulseCapture(source: source)
                let observer = CaptureObserver(capture)
                try await capture.start(recordingTo: file, appending: false)
                try await observer.waitForAudio()
                // The pause waits for the server half-way; the stop must not run into it.
                async let paused: Void = capture.pause()
                async let stopped = capture.stop()
                // Either order is right; a pause after the stop is refused.
                _ = try? await paused
                #expect(try await stopped == file)
            }
            let info = try WAVInfo(file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            #expect(info.dataBytes + info.dataOffset == size, "the header fits the audio")
            #expect(info.dataBytes > 0, "what was recorded is kept")
        }

        @Test("a paused stretch is absent from the file and the rest is continuous")
        func pauseLeavesNoGapAndNoDuplicate() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("paused.wav")
            let played = PulseTestServer.speech("0870")
            let source = try AudioMatching.samples(of: played)
            let clock = ContinuousClock()
            var pauseLength = Duration.zero
            try await PulseTestServer.withSink { sink in
                let capture = PulseCapture(source: "\(sink).monitor")
                let observer = CaptureObserver(capture)
                try await capture.start(recordingTo: file, appending: false)
                try await observer.waitForAudio()
                let player = try PulseTestServer.play(played, into: sink)
                try await Task.sleep(for: .seconds(2))
                let pausedAt = clock.now
                try await capture.pause()
                try await Task.sleep(for: .milliseconds(1_500))
                pauseLength = clock.now - pausedAt
                try await capture.resume()
                await waitForExit(player)
                try await Task.sleep(for: .milliseconds(300))
                _ = try await capture.stop()
            }
            let captured = try AudioMatching.samples(of: file)
            let start = try #require(AudioMatching.locate(source[4_000..<4_064], in: captured))
            let before = AudioMatching.agreement(captured, from: start, source, from: 4_000)
            let pausedAtSource = 4_000 + before
            #expect(pausedAtSource < source.count - 16_000, "the capture broke off at the pause")
            // Just after the joint, find where in the speech the capture goes on.
            let joint = start + before
            let probe = captured[(joint + 400)..<(joint + 464)]
            let resumedAtSource = try #require(
                AudioMatching.locate(probe, in: source), "the speech goes on after the pause")
            let skipped = Double(resumedAtSource - 400 - pausedAtSource) / 16_000
            let paused = Double(pauseLength.components.seconds) + Double(pauseLength.components.attoseconds) / 1e18
            #expect(skipped > 0, "nothing recorded twice")
            #expect(abs(skipped - paused) < 0.15, "skipped \(skipped) s of speech while paused \(paused) s")
            let after = AudioMatching.agreement(captured, from: joint + 400, source, from: resumedAtSource)
            #expect(resumedAtSource + after == source.count, "continuous from the resume to the last sample")
        }
    }
}
