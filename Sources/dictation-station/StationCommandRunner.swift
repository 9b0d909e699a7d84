import Foundation
import LocalClaims
import PulseCapture
import Recordings
import SQLiteStore
import StationCore
import StationTUI

/// Opens the station screen in the terminal: builds the station on the ports from `StationWiring`,
/// starts the control socket, and runs the screen until the person quits.
enum StationCommandRunner {
    @MainActor
    static func run(globals: GlobalOptions) async -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            printError("dictation-station: the station needs a terminal; for scripts use a subcommand (see --help).")
            return CommandLineTool.Exit.failure
        }
        let environment = ProcessInfo.processInfo.environment
        let paths = StationPaths.resolve(option: globals.dataDirectory, environment: environment)
        do {
            try paths.createDirectories()
        } catch {
            printError("dictation-station: the data directory \(paths.dataDirectory.path) cannot be used: \(error)")
            return CommandLineTool.Exit.failure
        }
        let clock = SystemClock()
        let log = FileStationLog(file: paths.logFile, clock: clock)
        let ports: StationPorts
        do {
            ports = try await StationWiring.ports(paths: paths, globals: globals, log: log)
        } catch {
            printError("dictation-station: \(error)")
            return CommandLineTool.Exit.failure
        }
        HoldPoint.reach("station-opened")
        let session = SessionDependencies(
            makeCapture: ports.makeCapture, transcriber: ports.transcriber, clock: clock, log: log,
            makeAudioFile: { [paths] id in paths.newAudioFile(for: id, at: clock.wallTime) },
            ownership: FileDictationOwnership(paths: paths),
            recoverAudio: { file in
                // Only ever for a dictation this process just claimed: no living process writes it.
                AbandonedRecordings.repair([file])
                return WAVInfo.recordedDuration(of: file)
            })
        let station = Station(
            dependencies: StationDependencies(
                session: session, reports: ports.database, sessions: ports.database, author: LoginUser.name,
                voiceProfiles: ProfileTrainingWiring.training(paths: paths, environment: environment, log: log)),
            locale: LocaleMatcher.fallback)
        let locales = LocaleChoice(
            installer: ports.installer, settings: ports.database, notifier: station.notifier, environment: environment)
        await locales.restore()
        station.locale = locales.locale
        // The first dictation should not wait for the decoder to load.
        Task.detached { [preload = ports.preload, locale = locales.locale] in await preload(locale) }
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
                station.sessions.compactMap(\.audioFile), in: paths, lock: ports.captureLock, log: log)
        } catch {
            log.log(.error, "restoring sessions failed: \(error)")
            station.notifier.error("The saved sessions could not be read; new dictations still work.")
        }
        // Recordings no session or report owns (a killed import, a lost database) are shown, never
        // dropped; looked for off the start-up path, since the audio folder grows with the reports.
        Task.detached { [database = ports.database] in
            guard let scan = await OrphanWarning.scan(paths: paths, database: database, log: log),
                let notice = OrphanNotice.screenLine(for: scan)
            else { return }
            await MainActor.run { _ = station.notifier.post(notice.kind, notice.message) }
        }
        let workTypes: WorkTypes
        do {
            workTypes = try WorkTypes.load(from: ConfigPaths.workTypes(environment: environment))
        } catch {
            // A broken clinic list must not stop dictating: the built-in types stand in, and it says so.
            log.log(.warning, "work types: \(error)")
            station.notifier.warning("\(error) The built-in work types are used.")
            workTypes = .builtIn
        }
        let (installStatus, statusUpdates) = AsyncStream.makeStream(of: String?.self)
        let services = ScreenServices(
            reports: ports.database, settings: ports.database,
            locales: InstallerCatalog(installer: ports.installer, choice: locales, status: statusUpdates),
            sources: ports.sources, player: ports.player,
            exportDirectory: paths.dataDirectory.appendingPathComponent("exports"),
            editingDirectory: paths.dataDirectory.appendingPathComponent("editing"), clock: clock,
            workTypes: workTypes, editLocks: FileReportEditLocks(paths: paths))
        let model = ScreenModel(station: station, services: services)
        let watches = [
            Task { @MainActor in
                for await status in installStatus { model.installStatus = status }
            },
            Task { @MainActor in
                for await wait in ports.modelWaits {
                    if let notice = InstallNotice.notification(for: wait) {
                        station.notifier.post(notice.kind, notice.message)
                    }
                }
            },
            // What another station process on this data directory changed shows within a second.
            Task { @MainActor in
                for await _ in StoreChangeWatcher.changes(of: ports.database, clock: clock) {
                    model.reloadReports()
                    await station.syncSessions()
                }
            },
            // A station that died writes nothing: its dictations are looked for on a timer.
            Task { @MainActor in
                while (try? await clock.sleep(for: .seconds(2))) != nil { await station.syncSessions() }
            },
        ]
        defer { for watch in watches { watch.cancel() } }
        let control = startControl(station: station, paths: paths, environment: environment, log: log)
        let colors = !globals.noColor && (environment["NO_COLOR"] ?? "").isEmpty
        let screen = StationScreen(model: model, colors: colors, environment: environment, clock: clock)
        defer { control?.stop() }
        do {
            try await screen.run()
        } catch {
            printError("dictation-station: \(error)")
            return CommandLineTool.Exit.failure
        }
        try? await ports.database.setSetting(SettingKey.selectedSession, station.selectedID?.rawValue)
        return CommandLineTool.Exit.success
    }

    /// Starts the control socket; the station also works without it, and says why it has none.
    @MainActor
    private static func startControl(
        station: Station, paths: StationPaths, environment: [String: String], log: any StationLog
    ) -> ControlServer? {
        let path = ControlServer.defaultPath(environment: environment, dataDirectory: paths.dataDirectory)
        let server = ControlServer(path: path) { line in ControlProtocol.answer(line, station: station) }
        do {
            try server.start()
            return server
        } catch {
            log.log(.warning, "control socket unavailable: \(error)")
            station.notifier.warning("No control socket (\(error)); ctl commands will not reach this station.")
            return nil
        }
    }
}
