import Foundation
import LocalClaims
import Localization
import PostgresStore
import Recordings
import SQLiteStore
import StationControl
import StationCore
import StationTUI

/// The start-up sequence, on whatever ports it is given (the adapters, or fakes in tests): the station
/// and its saved sessions, the chosen locale, the screen's model, the background work and the control
/// socket. Everything the screen needs is ready when `open` returns.
public enum StationStartup {
    /// What start-up runs on.
    public struct Context: Sendable {
        public var ports: StationPorts
        public var paths: StationPaths
        public var environment: [String: String]
        public var clock: any StationClock
        public var log: any StationLog
        /// Who dictates and signs here: the logged-in account.
        public var author: String
        public var voiceProfiles: (any VoiceProfileTraining)?
        /// How often dictations of a station that died are looked for (the README's 2 s takeover).
        public var takeoverInterval: Duration = .seconds(2)
        /// The clinic store the station works on, for the title line (`StoreInUse.titleWords`); nil for
        /// the person's own SQLite store.
        public var storeName: String?
        /// Keeps the control socket of a station on a clinic store apart from the same account's station
        /// on its own store (`StoreInUse.socketKey`); nil for the person's own store.
        public var controlKey: String?
        /// Whether the clinic store can be reached now, and how many sent dictations wait on this
        /// workstation for it; nil for the person's own store, which is always at hand.
        public var clinicReachable: (@Sendable () -> Bool)?
        public var dictationsWaiting: @Sendable () -> Int = { 0 }

        public init(
            ports: StationPorts, paths: StationPaths, environment: [String: String], clock: any StationClock,
            log: any StationLog, author: String, voiceProfiles: (any VoiceProfileTraining)? = nil
        ) {
            self.ports = ports
            self.paths = paths
            self.environment = environment
            self.clock = clock
            self.log = log
            self.author = author
            self.voiceProfiles = voiceProfiles
        }
    }

    /// Opens the station for the full screen: its model, on the same station and ports as every front.
    @MainActor
    public static func open(_ context: Context) async -> RunningStation {
        let opened = await openStation(context)
        let model = ScreenModel(station: opened.station, services: opened.services)
        model.storeName = context.storeName
        // Nor should the first frame wait for the decoder (it took more CPU than the rest of start-up): it
        // loads once the screen is drawn.
        model.afterFirstFrame { [preload = opened.preloadDecoder] in Task.detached { await preload() } }
        let front = BackgroundWork.Front(
            installStatus: { model.installStatus = $0 }, storeChanged: { model.reloadReports() })
        let started = runner(opened, front: front, context, controlNow: false)
        // The control socket (a socket, a thread) opens once the frame is drawn, as the decoder loads: no
        // pedal or hotkey acts on a station not yet shown.
        model.afterFirstFrame { [station = opened.station] in
            started.control = startControl(station: station, context)
        }
        return RunningStation(runner: started, model: model)
    }

    /// Opens the station for the line mode: no screen model; the line mode's report desk, made as the
    /// screen's is, on the same store, claims and training.
    @MainActor
    public static func openForLines(_ context: Context) async -> RunningLines {
        let opened = await openStation(context)
        // No frame to wait for: the decoder loads while the line mode says it is ready.
        Task.detached { [preload = opened.preloadDecoder] in await preload() }
        let station = opened.station
        let desk = ReportDesk(
            store: context.ports.database, claims: context.ports.editLocks, training: station, clock: context.clock,
            user: station.author)
        // The line mode says what an install did through the notifier; its progress is not read out.
        let front = BackgroundWork.Front(installStatus: { _ in }, storeChanged: {})
        return RunningLines(runner: runner(opened, front: front, context), desk: desk)
    }

    /// What every front opens on: the station with its sessions and locale, and the screen's services.
    private struct OpenedStation {
        var station: Station
        var services: ScreenServices
        var installStatus: AsyncStream<String?>
        /// Loads the decoder for the station's language, so that the first dictation need not wait for it.
        var preloadDecoder: @Sendable () async -> Void
    }

    @MainActor
    private static func runner(
        _ opened: OpenedStation, front: BackgroundWork.Front, _ context: Context, controlNow: Bool = true
    ) -> StationRunner {
        let background = BackgroundWork.start(
            station: opened.station, front: front, installStatus: opened.installStatus, context: context)
        let control = controlNow ? startControl(station: opened.station, context) : nil
        return StationRunner(
            station: opened.station, database: context.ports.database, background: background, control: control)
    }

    @MainActor
    private static func openStation(_ context: Context) async -> OpenedStation {
        let (ports, paths, clock, log) = (context.ports, context.paths, context.clock, context.log)
        let session = SessionDependencies(
            makeCapture: ports.makeCapture, transcriber: ports.transcriber, clock: clock, log: log,
            makeAudioFile: { [paths] id in paths.newAudioFile(for: id, at: clock.wallTime) },
            ownership: ports.ownership,
            recoverAudio: { file in
                // Only ever for a dictation this process just claimed: no living process writes it.
                AbandonedRecordings.repair([file])
                return WAVInfo.recordedDuration(of: file)
            })
        let station = Station(
            dependencies: StationDependencies(
                session: session, reports: ports.database, sessions: ports.database, author: context.author,
                voiceProfiles: context.voiceProfiles, outbox: ports.outbox),
            locale: LocaleMatcher.fallback)
        let locales = LocaleChoice(
            installer: ports.installer, settings: ports.database, notifier: station.notifier,
            environment: context.environment)
        await locales.restore()
        station.locale = locales.locale
        await restoreSessions(of: station, context)
        sayClinicStoreAway(station, context)
        let workTypes = loadWorkTypes(context, notifier: station.notifier)
        let (installStatus, statusUpdates) = AsyncStream.makeStream(of: String?.self)
        let services = ScreenServices(
            reports: ports.database, settings: ports.database,
            locales: InstallerCatalog(installer: ports.installer, choice: locales, status: statusUpdates),
            sources: ports.sources, player: ports.player,
            exportDirectory: paths.dataDirectory.appendingPathComponent("exports"),
            editingDirectory: paths.dataDirectory.appendingPathComponent("editing"), clock: clock,
            workTypes: workTypes, editLocks: ports.editLocks)
        let preload: @Sendable () async -> Void = { [preload = ports.preload, locale = locales.locale] in
            await preload(locale)
        }
        return OpenedStation(
            station: station, services: services, installStatus: installStatus, preloadDecoder: preload)
    }

    /// The saved sessions and the one selected last; recordings a crash left are given valid headers.
    @MainActor
    private static func restoreSessions(of station: Station, _ context: Context) async {
        let ports = context.ports
        do {
            try await station.restoreSessions()
            if let saved = try await ports.database.setting(SettingKey.selectedSession),
                let session = station.sessions.first(where: { $0.id.rawValue == saved })
            {
                station.select(session.id)
            }
            // Only unsent dictations can hold a header a crash left stale (a sent one was finished at
            // stop), so start-up does not grow with the number of reports.
            StationWiring.repairAbandonedRecordings(
                station.sessions.compactMap(\.audioFile), in: context.paths, lock: ports.captureLock,
                log: context.log)
        } catch {
            context.log.log(.error, "restoring sessions failed: \(error)")
            // A clinic store away is said once, with what it means (`sayClinicStoreAway`).
            if context.clinicReachable?() ?? true {
                station.notifier.error(tr("The saved sessions could not be read; new dictations still work."))
            }
        }
        // Recordings no session or report owns (a killed import, a lost database) are shown, never
        // dropped; looked for off the start-up path, since the audio folder grows with the reports.
        // With the clinic store, this workstation's recordings are owned by the one connected's sessions,
        // the reports made of them, and the sends its outbox keeps; asked only while the store answers.
        let inventory: any AudioInventory
        if let local = ports.database as? StationDatabase {
            inventory = AudioFolderInventory(paths: context.paths, database: local, markers: ImportMarkerFiles())
        } else if let clinic = ports.database as? ClinicStore, context.clinicReachable?() ?? true {
            inventory = ClinicAudioInventory(paths: context.paths, store: clinic, markers: ImportMarkerFiles())
        } else {
            return
        }
        Task.detached { [paths = context.paths, log = context.log] in
            guard let scan = await OrphanWarning.scan(paths: paths, inventory: inventory, log: log),
                let notice = OrphanNotice.screenLine(for: scan)
            else { return }
            await MainActor.run { _ = station.notifier.post(notice.kind, notice.message) }
        }
    }

    /// A station started while its clinic store cannot be reached says so, and what waits, for as long as
    /// it cannot be reached; the sessions and reports show once it is back.
    @MainActor
    private static func sayClinicStoreAway(_ station: Station, _ context: Context) {
        guard let reachable = context.clinicReachable, !reachable() else { return }
        let waiting = context.dictationsWaiting()
        let message =
            waiting == 0
            ? tr(
                "The clinic store cannot be reached: record and send as usual; what you send waits on this workstation until it is back."
            )
            : tr(
                waiting,
                one:
                    "The clinic store cannot be reached: 1 dictation waits on this workstation until it is back; record and send as usual.",
                other:
                    "The clinic store cannot be reached: \(waiting) dictations wait on this workstation until it is back; record and send as usual."
            )
        // It stays while the store is away (a day at most, as a kept dictation's notice).
        _ = station.notifier.post(.error, message, lasting: .seconds(86_400)) { !reachable() }
    }

    @MainActor
    private static func loadWorkTypes(_ context: Context, notifier: Notifier) -> WorkTypes {
        do {
            return try WorkTypes.load(from: ConfigPaths.workTypes(environment: context.environment))
        } catch {
            // A broken clinic list must not stop dictating: the built-in types stand in, and it says so.
            context.log.log(.warning, "work types: \(error)")
            notifier.warning(tr("\(error) The built-in work types are used."))
            return .builtIn
        }
    }

    /// Starts the control socket; the station also works without it, and says why it has none.
    @MainActor
    private static func startControl(station: Station, _ context: Context) -> ControlServer? {
        let path = ControlServer.defaultPath(
            environment: context.environment, dataDirectory: context.paths.dataDirectory, store: context.controlKey)
        let server = ControlServer(path: path) { line in ControlProtocol.answer(line, station: station) }
        do {
            try server.start()
            return server
        } catch {
            context.log.log(.warning, "control socket unavailable: \(error)")
            station.notifier.warning(tr("No control socket (\(error)); ctl commands will not reach this station."))
            return nil
        }
    }
}
