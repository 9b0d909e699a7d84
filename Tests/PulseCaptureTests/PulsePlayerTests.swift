import Foundation
import PulseCapture
import StationCore
import StationTestSupport
import Testing

extension AudioServerSuites {
    /// Playback into a null sink of the test server, heard back through its monitor.
    @Suite("PulsePlayer plays recordings back", .serialized)
    struct PulsePlayerTests {
        init() throws {
            try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        }

        @Test("play, seek forward 5 s, finish: the played audio reaches the sink, the skipped part does not")
        func playsAndSeeks() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("heard.wav")
            let played = PulseTestServer.speech("0870")
            let source = try AudioMatching.samples(of: played)
            let states = Locked<[PlaybackProgress]>([])
            try await PulseTestServer.withSink { sink in
                let capture = PulseCapture(source: "\(sink).monitor")
                let observer = CaptureObserver(capture)
                try await capture.start(recordingTo: file, appending: false)
                try await observer.waitForAudio()
                let player = PulsePlayer(sink: sink)
                let listener = Task {
                    for await progress in player.progress { states.withLock { $0.append(progress) } }
                }
                try await player.play(file: played)
                try await Task.sleep(for: .seconds(1))
                try await player.seek(by: .seconds(5))
                // The progress after the seek arrives through the stream, not with the seek's return.
                let jumped: @Sendable () -> Bool = {
                    states.current.contains { $0.state == .playing && $0.position >= .seconds(5) }
                }
                let seekDeadline = ContinuousClock.now + .seconds(2)
                while !jumped(), ContinuousClock.now < seekDeadline { try await Task.sleep(for: .milliseconds(10)) }
                #expect(jumped(), "the position jumped while playing")
                let deadline = ContinuousClock.now + .seconds(5)
                while states.current.last?.state != .finished, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(states.current.last?.state == .finished)
                await player.stop()
                try await Task.sleep(for: .milliseconds(300))
                _ = try await capture.stop()
                listener.cancel()
            }
            let captured = try AudioMatching.samples(of: file)
            #expect(AudioMatching.locate(source[4_000..<4_064], in: captured) != nil, "the start was played")
            #expect(AudioMatching.locate(source[105_000..<105_064], in: captured) != nil, "the end was played")
            #expect(AudioMatching.locate(source[56_000..<56_064], in: captured) == nil, "the middle was skipped")
        }

        @Test("paused playback holds its position; seeking back does not pass the start")
        func pausesAndSeeksBack() async throws {
            let latest = Locked<PlaybackProgress?>(nil)
            func settled(_ condition: @escaping @Sendable (PlaybackProgress) -> Bool) async -> Bool {
                let deadline = ContinuousClock.now + .seconds(2)
                while ContinuousClock.now < deadline {
                    if let progress = latest.current, condition(progress) { return true }
                    try? await Task.sleep(for: .milliseconds(10))
                }
                return false
            }
            try await PulseTestServer.withSink { sink in
                let player = PulsePlayer(sink: sink)
                let listener = Task { for await progress in player.progress { latest.withLock { $0 = progress } } }
                defer { listener.cancel() }
                try await player.play(file: PulseTestServer.speech("0870"))
                try await Task.sleep(for: .milliseconds(800))
                try await player.pause()
                #expect(await settled { $0.state == .paused })
                let held = try #require(latest.current)
                #expect(held.position > .zero, "it played before the pause (a null sink starts late): \(held.position)")
                try await Task.sleep(for: .milliseconds(500))
                #expect(latest.current == held, "nothing moves while paused")
                try await player.seek(by: .seconds(-5))
                #expect(await settled { $0.position == .zero })
                try await player.resume()
                #expect(await settled { $0.state == .playing && $0.position > .zero })
                await player.stop()
                #expect(await settled { $0.state == .stopped })
            }
        }

        @Test("the first progress of a playback says playing: nothing reports stopped while it starts")
        func startsPlaying() async throws {
            let states = Locked<[PlaybackProgress.State]>([])
            try await PulseTestServer.withSink { sink in
                let player = PulsePlayer(sink: sink)
                let listener = Task {
                    for await progress in player.progress { states.withLock { $0.append(progress.state) } }
                }
                defer { listener.cancel() }
                for _ in 0..<3 {
                    try await player.play(file: PulseTestServer.speech("0870"))
                    let deadline = ContinuousClock.now + .seconds(2)
                    while !states.current.contains(.playing), ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(10))
                    }
                    #expect(states.current.first == .playing, "\(states.current)")
                    await player.stop()
                    try await Task.sleep(for: .milliseconds(100))
                    states.withLock { $0 = [] }
                }
            }
        }

        @Test("a file that is not WAV is refused")
        func refusesOtherFiles() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("notes.wav")
            try Data("not audio".utf8).write(to: file)
            await #expect(throws: PlaybackError.self) { try await PulsePlayer().play(file: file) }
        }
    }
}
