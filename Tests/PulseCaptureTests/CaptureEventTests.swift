import Foundation
import PulseCapture
import StationCore
import Testing

/// What the capture hears from the server: a phone call, a server that goes away, wrong sources.
@Suite("PulseCapture hears the server", .serialized)
struct CaptureEventTests {
    init() throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
    }

    @Test("a phone-role stream under module-role-cork interrupts, and its end may resume")
    func phoneCallInterrupts() async throws {
        let file = try temporaryDirectory().appendingPathComponent("call.wav")
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
        let file = try temporaryDirectory().appendingPathComponent("music.wav")
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
        let file = try temporaryDirectory().appendingPathComponent("gone.wav")
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

    @Test("no such source: the error lists the sources there are")
    func noSuchSource() async throws {
        let file = try temporaryDirectory().appendingPathComponent("none.wav")
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
        let file = try temporaryDirectory().appendingPathComponent("nowhere.wav")
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
