import Foundation
import Localization
import PulseCapture
import StationCore
import StationTUI

/// `dictation-station` with no subcommand: opens the station on the ports from `StationWiring` and runs
/// the screen in this terminal until the person quits, then shuts the station down.
public enum StationLaunch {
    @MainActor
    public static func run(globals: GlobalOptions) async -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            printError(
                "dictation-station: " + tr("the station needs a terminal; for scripts use a subcommand (see --help)."))
            return ExitStatus.failure
        }
        let environment = ProcessInfo.processInfo.environment
        let paths = StationPaths.resolve(option: globals.dataDirectory, environment: environment)
        do {
            try paths.createDirectories(for: .current)
        } catch let error as DataDirectoryError {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        } catch {
            printError(
                "dictation-station: "
                    + tr("the data directory \(paths.dataDirectory.path) cannot be used: \(error)"))
            return ExitStatus.failure
        }
        let clock = SystemClock()
        let log = FileStationLog(file: paths.logFile, clock: clock)
        let ports: StationPorts
        let store: OpenedStore
        do {
            store = try await OpenedStore.open(globals: globals, paths: paths, log: log, listening: true)
            ports = try await StationWiring.ports(store: store, paths: paths, globals: globals, log: log)
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
        HoldPoint.reach("station-opened")
        var context = StationStartup.Context(
            ports: ports, paths: paths, environment: environment, clock: clock, log: log, author: store.user,
            voiceProfiles: ProfileTrainingWiring.training(paths: paths, environment: environment, log: log))
        context.storeName = store.inUse.titleWords
        context.controlKey = store.inUse.socketKey
        let running = await StationStartup.open(context)
        let colors = !globals.noColor && (environment["NO_COLOR"] ?? "").isEmpty
        let screen = StationScreen(model: running.model, colors: colors, environment: environment, clock: clock)
        do {
            try await screen.run()
        } catch {
            await running.shutDown()
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
        await running.shutDown()
        return ExitStatus.success
    }
}
