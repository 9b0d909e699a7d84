import Foundation
import Localization
import PulseCapture
import StationCore
import StationSystem
import StationTUI

/// `dictation-station` with no subcommand: opens the station on the ports from `StationWiring` and runs
/// the screen in this terminal (or the line mode, `--lines`) until the person quits, then shuts the
/// station down.
public enum StationLaunch {
    @MainActor
    public static func run(globals: GlobalOptions) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        // Where the screen cannot be shown (TERM=dumb, an unknown type), the station runs line by line.
        let noScreen = globals.lines ? nil : ScreenSupport.problem(environment: environment)
        let lines = globals.lines || noScreen != nil
        guard lines || (isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1) else {
            printError(
                "dictation-station: "
                    + tr(
                        "the station needs a terminal; --lines runs it line by line, and scripts use a subcommand (see --help)."
                    ))
            return ExitStatus.failure
        }
        guard let context = await openContext(globals: globals, environment: environment) else {
            return ExitStatus.failure
        }
        if lines {
            if let noScreen {
                LineOutput.say(tr("The screen cannot be shown here (\(noScreen)): the station runs line by line."))
            }
            return await runLines(context)
        }
        let running = await StationStartup.open(context)
        let colors = !globals.noColor && (environment["NO_COLOR"] ?? "").isEmpty
        running.model.quiet = globals.quietScreen
        let screen = StationScreen(
            model: running.model, colors: colors, highContrast: globals.highContrast, environment: environment,
            clock: context.clock)
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

    /// The line mode on standard input and output, until `quit`, the end of input or a terminating signal.
    @MainActor
    private static func runLines(_ context: StationStartup.Context) async -> Int32 {
        let running = await StationStartup.openForLines(context)
        let (mode, stop) = LineMode.onStandardStreams(running: running, clock: context.clock)
        // Ctrl-C, a hang-up or SIGTERM end the input: the line mode leaves as at its end, keeping a
        // recording paused. A reader gone from standard output is no reason to lose a dictation.
        let signals = try? SignalWatch([SIGINT, SIGTERM, SIGHUP]) { _ in stop() }
        BrokenPipes.ignore()
        await mode.run()
        signals?.cancel()
        await running.station.settle()
        await running.shutDown()
        return ExitStatus.success
    }

    /// The data directory, the store and the ports the station opens on; nil, having said why, when
    /// they cannot be had.
    @MainActor
    private static func openContext(
        globals: GlobalOptions, environment: [String: String]
    ) async -> StationStartup.Context? {
        let paths = StationPaths.resolve(option: globals.dataDirectory, environment: environment)
        do {
            try paths.createDirectories(for: .current)
        } catch let error as DataDirectoryError {
            printError("dictation-station: \(error)")
            return nil
        } catch {
            printError(
                "dictation-station: "
                    + tr("the data directory \(paths.dataDirectory.path) cannot be used: \(error)"))
            return nil
        }
        let clock = SystemClock()
        let log = FileStationLog(file: paths.logFile, clock: clock)
        let ports: StationPorts
        let store: OpenedStore
        // The model catalog is read and decoded on another core while the store opens: both come before
        // the first frame.
        let installer = Task.detached {
            try ModelWiring.installer(globals: globals, paths: paths, environment: environment)
        }
        do {
            store = try await OpenedStore.open(
                globals: globals, paths: paths, log: log, listening: true, directoriesChecked: true,
                environment: environment)
            ports = try await StationWiring.ports(
                store: store, paths: paths, log: log, installer: try await installer.value, environment: environment)
        } catch {
            printError("dictation-station: \(error)")
            return nil
        }
        HoldPoint.reach("station-opened")
        var context = StationStartup.Context(
            ports: ports, paths: paths, environment: environment, clock: clock, log: log, author: store.user,
            voiceProfiles: ProfileTrainingWiring.training(
                paths: paths, store: globals.store, environment: environment, log: log))
        context.storeName = store.inUse.titleWords
        context.controlKey = store.inUse.socketKey
        if let clinic = store.clinic {
            context.clinicReachable = { clinic.isReachable }
            context.dictationsWaiting = { clinic.outbox?.count ?? 0 }
        }
        return context
    }
}
