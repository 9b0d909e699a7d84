import Foundation
import PulseCapture
import Recordings
import StationCore
import StationTestSupport
import Testing

extension AudioServerSuites {
    /// What the capture hears from the server: a phone call, a server that goes away, wrong sources.
    @Suite("PulseCapture hears the server", .serialized)
    struct CaptureEventTests {
        init() throws {
            try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        }

        @Test("a phone-role stream under module-role-cork interrupts, and its end may resume")
        func phoneCallInterrupts() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("call.wav")
            let cork = try PulseTestServer.load("module-role-cork")
            defer { PulseTestServer.unload(cork) }
            try await PulseTestServer.withSineSource { source in
                try await PulseTestServer.withSink { sink in
                    let capture = PulseCapture(source: source)
                    let observer = CaptureObserver(capture)
                    try await capture.start(recordingTo: file, appending: false)
                    let call = try PulseTestServer.play(
                        PulseTestServer.speech("0880"), into: sink, properties: ["media.role=phone"])
                    #expect(await observer.waitFor(.interruptionBegan))
                    #expect(!observer.events.current.contains(.interruptionEnded(mayResume: true)))
                    await waitForExit(call)
                    #expect(await observer.waitFor(.interruptionEnded(mayResume: true)))
                    _ = try await capture.stop()
                }
            }
        }

        @Test("a stream without the phone role does not interrupt")
        func musicDoesNotInterrupt() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("music.wav")
            try await PulseTestServer.withSineSource { source in
                try await PulseTestServer.withSink { sink in
                    let capture = PulseCapture(source: source)
                    let observer = CaptureObserver(capture)
                    try await capture.start(recordingTo: file, appending: false)
                    await waitForExit(
                        try PulseTestServer.play(
                            PulseTestServer.speech("0880"), into: sink, properties: ["media.role=music"]))
                    _ = try await capture.stop()
                    #expect(!observer.events.current.contains(.interruptionBegan))
                }
            }
        }

        @Test("a server that goes away mid-recording: server gone, the file intact")
        func serverGone() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("gone.wav")
            let server = try PrivatePulseServer()
            let capture = PulseCapture(source: PrivatePulseServer.sourceName, server: server.address)
            let observer = CaptureObserver(capture)
            try await capture.start(recordingTo: file, appending: false)
            try await observer.waitForAudio()
            let arrived = Double(observer.samples.current) / 16_000
            try server.kill()
            #expect(await observer.waitFor(.serverGone))
            try await capture.pause()
            #expect(try await capture.stop() == file)
            let info = try WAVInfo(file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            #expect(info.dataBytes + info.dataOffset == size, "the header fits the audio")
            #expect(info.seconds >= min(arrived, 0.1), "what was recorded is kept: \(info.seconds) s")
        }

        @Test("a server that stops answering: pause and stop still return, the recorded audio kept")
        func serverStopsAnswering() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("wedged.wav")
            let server = try PrivatePulseServer()
            let capture = PulseCapture(source: PrivatePulseServer.sourceName, server: server.address)
            let observer = CaptureObserver(capture)
            try await capture.start(recordingTo: file, appending: false)
            try await observer.waitForAudio()
            try server.freeze()
            defer { try? server.thaw() }
            // Each call must come back (with an error or without) instead of waiting for the server forever.
            // Not awaited directly: a hanging call must fail this test, not hang the whole run.
            let returned = Locked(false)
            Task.detached {
                try? await capture.pause()
                _ = try? await capture.stop()
                returned.withLock { $0 = true }
            }
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(60)
            while !returned.current, clock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
            #expect(returned.current, "pause and stop returned while the server answered nothing")
            let info = try WAVInfo(file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            #expect(info.dataBytes + info.dataOffset == size, "the header fits the audio")
            #expect(info.dataBytes > 0, "what was recorded is kept")
        }

        @Test(
            "a full disk mid-recording is reported at once, and the file keeps what it holds",
            .enabled(if: getuid() == 0, "mounting a small tmpfs needs root, as CI runs"))
        func diskFull() async throws {
            let mountPoint = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: mountPoint) }
            // 64 KiB hold about two seconds of 16 kHz mono audio.
            let mounted = try PulseTestServer.run(
                "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path])
            try #require(mounted.status == 0, "could not mount a small tmpfs")
            defer { _ = try? PulseTestServer.run("/bin/umount", [mountPoint.path]) }
            let file = mountPoint.appendingPathComponent("full.wav")
            let server = try PrivatePulseServer()
            let capture = PulseCapture(source: PrivatePulseServer.sourceName, server: server.address)
            let observer = CaptureObserver(capture)
            try await capture.start(recordingTo: file, appending: false)
            let failed = await observer.waitFor(timeout: .seconds(20)) {
                if case .writeFailed = $0 { true } else { false }
            }
            #expect(failed, "the full disk is reported while recording, not at the next pause")
            await #expect(throws: CaptureError.self) { _ = try await capture.stop() }
            let info = try WAVInfo(file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            #expect(info.dataBytes > 16_000, "the audio that fitted is kept: \(info.dataBytes) bytes")
            #expect(info.dataBytes + info.dataOffset <= size ?? 0, "the header claims no more than is there")
        }

        @Test("a suspended or moved source is reported; a removed source's stream moves on")
        func sourceChanges() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("moved.wav")
            let first = "ds_first_\(UInt32.random(in: 0...UInt32.max))"
            let second = "ds_second_\(UInt32.random(in: 0...UInt32.max))"
            let firstModule = try PulseTestServer.load("module-sine-source", "source_name=\(first)", "rate=16000")
            defer { PulseTestServer.unload(firstModule) }
            let secondModule = try PulseTestServer.load("module-sine-source", "source_name=\(second)", "rate=16000")
            defer { PulseTestServer.unload(secondModule) }
            let capture = PulseCapture(source: first)
            let observer = CaptureObserver(capture)
            try await capture.start(recordingTo: file, appending: false)
            try await observer.waitForAudio()

            try PulseTestServer.run("/usr/bin/pactl", ["suspend-source", first, "1"])
            #expect(await observer.waitFor(.sourceChanged("The microphone was suspended by the audio server.")))
            try PulseTestServer.run("/usr/bin/pactl", ["suspend-source", first, "0"])
            #expect(await observer.waitFor(.sourceChanged("The microphone is available again.")))

            let output = try #require(try PulseTestServer.recordStream(from: first), "the capture's source output")
            try PulseTestServer.run("/usr/bin/pactl", ["move-source-output", output, second])
            #expect(await observer.waitFor(.sourceChanged("Recording now from \(second).")))

            // The server moves a stream whose source goes away to another source, when it has one.
            PulseTestServer.unload(secondModule)
            let deadline = ContinuousClock.now + .seconds(5)
            while observer.events.current.filter({
                if case .sourceChanged(let text) = $0 { text.hasPrefix("Recording now from") } else { false }
            }).count < 2,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(20))
            }
            let moves = observer.events.current.compactMap { event -> String? in
                guard case .sourceChanged(let text) = event, text.hasPrefix("Recording now from") else { return nil }
                return text
            }
            #expect(moves.count == 2 && moves.last != "Recording now from \(second).", "\(moves)")
            #expect(!observer.events.current.contains(.serverGone))
            #expect(try await capture.stop() == file)
            let info = try WAVInfo(file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            #expect(info.dataBytes + info.dataOffset == size && info.dataBytes > 0)
        }

        @Test("a source removed with no other to move to ends the capture, the file kept")
        func sourceUnplugged() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("unplugged.wav")
            let server = try PrivatePulseServer()
            let capture = PulseCapture(source: PrivatePulseServer.sourceName, server: server.address)
            let observer = CaptureObserver(capture)
            try await capture.start(recordingTo: file, appending: false)
            try await observer.waitForAudio()
            try server.unloadSineSource()
            #expect(await observer.waitFor(.sourceLost))
            #expect(!observer.events.current.contains(.serverGone), "the server is still there")
            #expect(try await capture.stop() == file)
            let info = try WAVInfo(file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            #expect(info.dataBytes + info.dataOffset == size && info.dataBytes > 0)
        }

        @Test("no such source: the error lists the sources there are")
        func noSuchSource() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("none.wav")
            let capture = PulseCapture(source: "no_such_source_here")
            await #expect {
                try await capture.start(recordingTo: file, appending: false)
            } throws: { error in
                guard case .noSuchSource(let name, let available)? = error as? CaptureError else { return false }
                return name == "no_such_source_here" && !available.isEmpty
            }
            #expect(!FileManager.default.fileExists(atPath: file.path), "no empty file is left behind")
        }

        @Test("an unreachable server says so")
        func unreachableServer() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("nowhere.wav")
            let capture = PulseCapture(server: "unix:/nonexistent/pulse/native")
            await #expect {
                try await capture.start(recordingTo: file, appending: false)
            } throws: { error in
                guard case .serverUnreachable? = error as? CaptureError else { return false }
                return true
            }
        }

        @Test("sources lists the sink's monitor and marks one default")
        func listsSources() async throws {
            try await PulseTestServer.withSink { sink in
                let sources = try PulseSources.list()
                #expect(sources.contains { $0.name == "\(sink).monitor" && $0.isMonitor })
                #expect(sources.filter(\.isDefault).count <= 1)
            }
        }
    }
}
