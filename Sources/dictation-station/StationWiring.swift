import Foundation
import SQLiteStore
import SphinxSpeech
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

/// THE WIRING POINT: the adapters the station runs on. Reports, sessions and settings in SQLite, the
/// PocketSphinx transcriber and the model installer are wired; capture and playback (PulseCapture) are
/// still missing on this branch, so recording says clearly that there is no audio capture.
enum StationWiring {
    @MainActor
    static func ports(paths: StationPaths, globals: GlobalOptions, log: any StationLog) async throws -> StationPorts {
        let database = try await StationDatabase.open(paths)
        let (installStatus, statusUpdates) = AsyncStream.makeStream(of: String?.self)
        let installer = try ModelWiring.installer(globals: globals, paths: paths)
        return StationPorts(
            makeCapture: { UnavailableCapture() }, transcriber: SphinxTranscriber(paths: paths, log: log),
            reports: database, sessions: database, settings: database,
            locales: InstallerCatalog(installer: installer, status: statusUpdates), sources: nil, player: nil,
            installStatus: installStatus)
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
