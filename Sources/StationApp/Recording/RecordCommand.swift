import Foundation
import LocalClaims
import Localization
import PulseCapture
import Recordings
import SQLiteStore
import StationCore
import StationSystem

/// `dictation-station record [--source NAME] [--duration SECONDS] [--append] FILE.wav`: records from the
/// microphone until the duration passes or Ctrl-C, with a level meter on a terminal. A microphone test,
/// and the way to finish a recording left by a killed process (`--append` repairs and continues it).
public enum RecordCommand {
    /// What the command line asked for.
    public struct Options: Sendable {
        public var source: String?
        public var duration: Duration?
        public var append = false
        public var file: URL
        public init(source: String?, duration: Duration?, append: Bool, file: URL) {
            self.source = source
            self.duration = duration
            self.append = append
            self.file = file
        }
    }

    /// Why the recording ended.
    enum Ending: Sendable {
        case durationPassed, interrupted, serverGone, sourceLost, writeFailed
    }

    @MainActor
    public static func record(_ options: Options, globals: GlobalOptions) async -> Int32 {
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        var source = options.source
        if (try? paths.createDirectories()) != nil {
            // The next start after a crash: recordings a killed process left get valid headers.
            StationWiring.repairAbandonedRecordings(in: paths, lock: FileCaptureLock(paths: paths), log: SilentLog())
            // Without --source, the source chosen in the station.
            if source == nil, let opened = try? await OpenedStore.open(globals: globals, paths: paths) {
                source = (try? await opened.store.setting(SettingKey.captureSource)) ?? nil
            }
        }
        if FileManager.default.fileExists(atPath: options.file.path), !options.append {
            printError(
                "dictation-station: "
                    + tr("\(options.file.path) exists; add --append to continue it, or choose a new file."))
            return ExitStatus.failure
        }

        let capture = PulseCapture(source: source)
        do {
            try await capture.start(recordingTo: options.file, appending: options.append)
        } catch {
            printError("dictation-station: \(CaptureErrorText.describe(any: error))")
            return ExitStatus.failure
        }

        let (endings, ending) = AsyncStream.makeStream(of: Ending.self)
        let interrupts = watchInterrupts { ending.yield(.interrupted) }
        let timer = options.duration.map { duration in
            Task {
                try await Task.sleep(for: duration)
                ending.yield(.durationPassed)
            }
        }
        let watcher = Task {
            for await event in capture.events {
                if event == .serverGone { ending.yield(.serverGone) }
                if event == .sourceLost { ending.yield(.sourceLost) }
                if case .writeFailed = event { ending.yield(.writeFailed) }
            }
        }
        let meter = Task { await LevelMeterLine.show(capture.levels) }
        let frames = Task { for await _ in capture.frames {} }

        var reason = Ending.interrupted
        for await first in endings {
            reason = first
            break
        }
        timer?.cancel()
        watcher.cancel()
        interrupts?.cancel()
        frames.cancel()
        do {
            let file = try await capture.stop()
            await meter.value
            let seconds = (try? WAVInfo(file).seconds) ?? 0
            // TRANSLATORS: {0} the seconds recorded, with two decimals; {1} the file.
            printError(tr("Recorded \(String(format: "%.2f", seconds)) s into \(file.path)."))
        } catch {
            printError("dictation-station: \(CaptureErrorText.describe(any: error))")
            return ExitStatus.failure
        }
        switch reason {
        case .serverGone:
            printError("dictation-station: " + tr("the audio server went away; what was recorded is kept."))
            return ExitStatus.failure
        case .sourceLost:
            printError(
                "dictation-station: " + tr("the microphone was unplugged or removed; what was recorded is kept."))
            return ExitStatus.failure
        case .writeFailed:
            // stop() has already said why (the file could not be written); what it holds is kept.
            return ExitStatus.failure
        case .durationPassed, .interrupted:
            break
        }
        return ExitStatus.success
    }

    /// Ctrl-C and SIGTERM finish the file instead of killing the process.
    private static func watchInterrupts(_ handler: @escaping @Sendable () -> Void) -> SignalWatch? {
        try? SignalWatch([SIGINT, SIGTERM]) { _ in handler() }
    }
}
