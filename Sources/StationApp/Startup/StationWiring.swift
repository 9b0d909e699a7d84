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

/// The adapters the station runs on, gathered in one place: `StationWiring` makes the real ones,
/// tests put fakes for capture and decoding beside a real database.
public struct StationPorts: Sendable {
    public var makeCapture: @Sendable () -> any Capturing
    public var captureLock: FileCaptureLock
    public var ownership: any DictationOwnership
    public var editLocks: any ReportEditLocking
    public var transcriber: any Transcribing
    public var database: any StationStore
    public var installer: any ModelInstalling
    public var sources: (any CaptureSourceChoosing)?
    public var player: (any AudioPlaying)?
    /// A dictation waiting for its locale's model, and how the wait ended.
    public var modelWaits: AsyncStream<ModelWait>
    /// Loads a locale's decoder ahead of the first dictation.
    public var preload: @Sendable (String) async -> Void
    /// Keeps the store's claims alive (the clinic store's advisory locks), every takeover interval.
    public var claimsHeartbeat: @Sendable () -> Void = {}
    /// Changes other stations commit, told as they happen (nil: the store is only polled).
    public var changeNotices: AsyncStream<Void>?
    /// How often the store is polled for changes besides.
    public var changePoll: Duration = .milliseconds(500)
    /// Where the store keeps sent dictations while it cannot be reached (the clinic store's outbox).
    public var outbox: (any DictationOutbox)?
    /// Runs when the store tells of a change: the clinic store's vocabulary copied again for decoding.
    public var storeChanged: @Sendable () async -> Void = {}

    public init(
        makeCapture: @escaping @Sendable () -> any Capturing, captureLock: FileCaptureLock,
        ownership: any DictationOwnership, editLocks: any ReportEditLocking, transcriber: any Transcribing,
        database: any StationStore, installer: any ModelInstalling, sources: (any CaptureSourceChoosing)?,
        player: (any AudioPlaying)?, modelWaits: AsyncStream<ModelWait>,
        preload: @escaping @Sendable (String) async -> Void, claimsHeartbeat: @escaping @Sendable () -> Void = {},
        changeNotices: AsyncStream<Void>? = nil, changePoll: Duration = .milliseconds(500),
        outbox: (any DictationOutbox)? = nil, storeChanged: @escaping @Sendable () async -> Void = {}
    ) {
        self.outbox = outbox
        self.storeChanged = storeChanged
        self.claimsHeartbeat = claimsHeartbeat
        self.changeNotices = changeNotices
        self.changePoll = changePoll
        self.makeCapture = makeCapture
        self.captureLock = captureLock
        self.ownership = ownership
        self.editLocks = editLocks
        self.transcriber = transcriber
        self.database = database
        self.installer = installer
        self.sources = sources
        self.player = player
        self.modelWaits = modelWaits
        self.preload = preload
    }
}

/// THE WIRING POINT: recordings through PulseAudio (one capturing process per data directory, by the
/// capture lock), transcription by PocketSphinx (waiting for a model still being installed), reports,
/// sessions and settings in the chosen store (`OpenedStore`: SQLite, or the clinic's PostgreSQL), models
/// from the catalog's installer.
enum StationWiring {
    @MainActor
    static func ports(
        store opened: OpenedStore, paths: StationPaths, log: any StationLog, installer: ModelInstaller,
        environment: [String: String]
    ) async throws -> StationPorts {
        let database = opened.store
        let captureLock = FileCaptureLock(paths: paths)
        let sources = PulseSourceChoice(
            settings: database, current: try? await database.setting(SettingKey.captureSource))
        // Each dictation decoded with its author's voice profile, when they have a sound one.
        let sphinx = SphinxTranscriber(
            paths: paths, log: log, speakers: ProfileModels(profiles: opened.voiceProfiles),
            clinicText: ConfigPaths.clinicText(environment: environment),
            vocabulary: opened.vocabulary.folder)
        let (modelWaits, waitUpdates) = AsyncStream.makeStream(of: ModelWait.self)
        let transcriber = ModelAwaitingTranscriber(base: sphinx, installer: installer) { waitUpdates.yield($0) }
        return StationPorts(
            makeCapture: { ExclusiveCapture(PulseCapture(source: sources.chosen, log: log), lock: captureLock) },
            captureLock: captureLock, ownership: opened.ownership, editLocks: opened.editLocks,
            transcriber: transcriber, database: database,
            installer: installer, sources: sources,
            player: player(for: opened, paths: paths), modelWaits: modelWaits,
            preload: { locale in
                do {
                    try await sphinx.preload(locale: locale, speaker: LoginUser.name)
                } catch {
                    log.log(.warning, "preloading the \(locale) decoder failed: \(error)")
                }
            }, claimsHeartbeat: opened.heartbeat, changeNotices: opened.changeNotices, changePoll: opened.changePoll,
            outbox: opened.clinic?.outbox,
            storeChanged: { [vocabulary = opened.vocabulary] in
                do {
                    try await vocabulary.refresh()
                } catch {
                    log.log(.warning, "the clinic vocabulary could not be copied for decoding: \(error)")
                }
            })
    }

    /// The audio player; with the clinic store, one that plays the reports' audio the store keeps.
    static func player(for opened: OpenedStore, paths: StationPaths) -> any AudioPlaying {
        guard let clinic = opened.clinic else { return PulsePlayer() }
        return StoredAudioPlayer(
            base: PulsePlayer(), store: clinic, folder: paths.dataDirectory.appendingPathComponent("playback"))
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

// The screen's source picker reads and sets the capture adapter's choice as it is.
extension PulseSourceChoice: CaptureSourceChoosing {}
