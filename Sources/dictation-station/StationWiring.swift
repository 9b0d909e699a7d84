import Foundation
import StationCore
import StationTUI

/// The adapters the station runs on, gathered in one place.
struct StationPorts {
    var makeCapture: @Sendable () -> any Capturing
    var transcriber: any Transcribing
    var reports: (any ReportStore)?
    var sessions: (any SessionStore)?
    var settings: (any SettingsStore)?
    var locales: (any LocaleCatalog)?
    var sources: (any CaptureSourceChoosing)?
    var player: (any ReportPlaying)?
    /// The install in progress in words ("de-DE 42%"), nil when none; shown in the title line.
    var installStatus: AsyncStream<String?>? = nil
}

/// THE WIRING POINT: the real adapters go here (PulseCapture, SphinxSpeech, SQLiteStore, the installer).
/// Until they are merged, capture and transcription say clearly that they are missing, and nothing is stored.
enum StationWiring {
    @MainActor
    static func ports(paths: StationPaths, globals: GlobalOptions, log: any StationLog) -> StationPorts {
        StationPorts(
            makeCapture: { UnavailableCapture() }, transcriber: UnavailableTranscriber(), reports: nil,
            sessions: nil, settings: nil, locales: nil, sources: nil, player: nil)
    }
}

/// A capture that refuses to start, with the reason a person can act on.
final class UnavailableCapture: Capturing, @unchecked Sendable {
    let events = AsyncStream<CaptureEvent> { $0.finish() }
    let levels = AsyncStream<AudioLevel> { $0.finish() }
    let frames = AsyncStream<AudioChunk> { $0.finish() }

    func start(recordingTo file: URL, appending: Bool) async throws {
        throw CaptureError.serverUnreachable(detail: "this build has no audio capture")
    }
    func pause() async throws {}
    func resume() async throws {}
    func stop() async throws -> URL { URL(fileURLWithPath: "/dev/null") }
}

/// A transcriber that has no model to decode with.
struct UnavailableTranscriber: Transcribing {
    func transcribe(file: URL, locale: String) async throws -> Transcription {
        throw TranscriptionError.modelNotInstalled(locale: locale)
    }
    func beginLive(locale: String) async -> (any LiveTranscription)? { nil }
}
