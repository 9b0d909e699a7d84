import Foundation
import LocalClaims
import PulseCapture
import Recordings
import SQLiteStore
import SpeakerAdaptation
import SpeechModels
import SphinxSpeech
import StationCore
import StationTUI

/// The adapters the station runs on, gathered in one place.
struct StationPorts {
    var makeCapture: @Sendable () -> any Capturing
    var captureLock: FileCaptureLock
    var transcriber: any Transcribing
    var database: StationDatabase
    var installer: ModelInstaller
    var sources: PulseSourceChoice
    var player: any AudioPlaying
    /// A dictation waiting for its locale's model, and how the wait ended.
    var modelWaits: AsyncStream<ModelWait>
    /// Loads a locale's decoder ahead of the first dictation.
    var preload: @Sendable (String) async -> Void
}

/// THE WIRING POINT: recordings through PulseAudio (one capturing process per data directory, by the
/// capture lock), transcription by PocketSphinx (waiting for a model still being installed), reports,
/// sessions and settings in SQLite, models from the catalog's installer.
enum StationWiring {
    @MainActor
    static func ports(paths: StationPaths, globals: GlobalOptions, log: any StationLog) async throws -> StationPorts {
        let database = try await CommandDatabase.open(paths, log: log)
        let installer = try ModelWiring.installer(globals: globals, paths: paths)
        let captureLock = FileCaptureLock(paths: paths)
        let sources = PulseSourceChoice(
            settings: database, current: try? await database.setting(SettingKey.captureSource))
        // Each dictation decoded with its author's voice profile, when they have a sound one.
        let sphinx = SphinxTranscriber(paths: paths, log: log, speakers: SpeakerProfiles(paths: paths))
        let (modelWaits, waitUpdates) = AsyncStream.makeStream(of: ModelWait.self)
        let transcriber = ModelAwaitingTranscriber(base: sphinx, installer: installer) { waitUpdates.yield($0) }
        return StationPorts(
            makeCapture: { ExclusiveCapture(PulseCapture(source: sources.chosen, log: log), lock: captureLock) },
            captureLock: captureLock,
            transcriber: transcriber, database: database, installer: installer, sources: sources,
            player: PulsePlayer(), modelWaits: modelWaits,
            preload: { locale in
                do {
                    try await sphinx.preload(locale: locale, speaker: LoginUser.name)
                } catch {
                    log.log(.warning, "preloading the \(locale) decoder failed: \(error)")
                }
            })
    }

    /// Fits the headers of recordings a crash left behind to the audio they hold: `files`, or every
    /// recording in the audio folder when nil. Skipped while another station process records, since its
    /// file is still growing; a file with an import marker is left alone, since an import may still be
    /// copying it (its header already counts the whole original, and cutting it would cut the decode).
    static func repairAbandonedRecordings(
        _ files: [URL]? = nil, in paths: StationPaths, lock: FileCaptureLock, log: any StationLog
    ) {
        guard (try? lock.acquire()) == true else { return }
        defer { lock.release() }
        let candidates =
            files
            ?? (try? FileManager.default.contentsOfDirectory(at: paths.audioDirectory, includingPropertiesForKeys: nil))
            ?? []
        let repaired = AbandonedRecordings.repair(candidates.filter { !isBeingImported($0) })
        if !repaired.isEmpty { log.log(.info, "repaired \(repaired.count) abandoned recording(s)") }
    }

    static func isBeingImported(_ recording: URL) -> Bool {
        FileManager.default.fileExists(atPath: ImportMarkerFiles.marker(for: recording).path)
    }
}

/// The capture source the station records from: the server's default unless one was chosen, and the
/// choice kept in the settings.
final class PulseSourceChoice: CaptureSourceChoosing, @unchecked Sendable {
    private let settings: any SettingsStore
    private let lock = NSLock()
    private var current: String?

    init(settings: any SettingsStore, current: String??) {
        self.settings = settings
        self.current = current ?? nil
    }

    /// The source new recordings use, nil for the server's default.
    var chosen: String? { lock.withLock { current } }

    func sources() async throws -> [AudioSource] {
        // Listing talks to the server and blocks: keep it off the caller's thread.
        try await Task.detached { try PulseSources.list() }.value
    }

    /// The source recordings use: the chosen one, else the one libpulse's `PULSE_SOURCE` names (nil:
    /// the server's default).
    func currentSource() async -> String? { chosen ?? ProcessInfo.processInfo.environment["PULSE_SOURCE"] }

    func choose(_ source: String) async throws {
        try await settings.setSetting(SettingKey.captureSource, source)
        lock.withLock { current = source }
    }
}
