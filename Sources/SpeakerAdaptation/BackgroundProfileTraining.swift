import Foundation
import Localization
import StationCore
import StationSystem

/// The station's `VoiceProfileTraining`: runs `dictation-station profiles update --if-due --json` (the
/// station's own binary) as a child process at low priority, and reads what it did from its last
/// line. The child takes the data directory's training lock, so trainings never overlap; the station
/// only waits for it off its main actor, and a child that fails or is killed is a failed outcome,
/// never the station's end.
public struct BackgroundProfileTraining: VoiceProfileTraining {
    /// The station's binary.
    public var executable: URL
    public var dataDirectory: URL
    /// New corrected dictations between trainings (`--every`).
    public var every: Int
    /// The child's niceness: training yields the processor to dictation.
    public var niceness: Int
    public var log: any StationLog

    public init(
        executable: URL, dataDirectory: URL, every: Int = ScheduledProfileUpdate.defaultEvery, niceness: Int = 10,
        log: any StationLog = SilentLog()
    ) {
        self.executable = executable
        self.dataDirectory = dataDirectory
        self.every = every
        self.niceness = niceness
        self.log = log
    }

    /// Where `nice` is; without it the child runs at the station's priority.
    static let nice = URL(fileURLWithPath: "/usr/bin/nice")

    /// The command line of one update, `nice` first when there is one.
    func commandLine(author: String, locale: String) -> (URL, [String]) {
        let arguments = [
            "--data-dir", dataDirectory.path, "profiles", "update", "--author", author, "--locale", locale, "--if-due",
            "--every", String(every), "--json",
        ]
        guard FileManager.default.isExecutableFile(atPath: Self.nice.path) else { return (executable, arguments) }
        return (Self.nice, ["-n", String(niceness), executable.path] + arguments)
    }

    public func trainIfDue(author: String, locale: String) async -> VoiceProfileTrainingOutcome {
        var spawn = child(author: author, locale: locale)
        spawn.output = .capture
        let child: ChildProcess
        do {
            child = try spawn.start()
        } catch {
            log.log(.error, "voice profile training could not start: \(error)")
            return .failed(locale: locale, reason: tr("the training could not be started"))
        }
        // Waited for on a thread of its own: never the station's.
        let finished = await child.finished()
        switch finished.termination {
        case .signalled(let signal):
            return Self.outcome(output: finished.outputText, status: signal, signalled: true, locale: locale)
        case .exited(let status):
            return Self.outcome(output: finished.outputText, status: status, signalled: false, locale: locale)
        case .unknown, nil:
            return Self.outcome(output: finished.outputText, status: -1, signalled: false, locale: locale)
        }
    }

    /// What a finished child's output and exit say.
    static func outcome(output: String, status: Int32, signalled: Bool, locale: String) -> VoiceProfileTrainingOutcome {
        if signalled { return .failed(locale: locale, reason: tr("the training was stopped (signal \(status))")) }
        if let report = ProfileUpdateReport.parse(lastLineOf: output) { return report.outcome }
        return .failed(locale: locale, reason: tr("the training ended without a result (exit status \(status))"))
    }

    /// Starts an update and does not wait for it (after a correction on the command line): the child
    /// outlives the command, says nothing on its terminal, and logs what it did to station.log.
    public func start(author: String, locale: String) {
        do {
            _ = try child(author: author, locale: locale).start()
        } catch {
            log.log(.error, "voice profile training could not start: \(error)")
        }
    }

    /// The training child: nothing on the terminal (a tool's output can quote dictations), no input, in
    /// a process group of its own (a Ctrl-C on the terminal of the command that started it is not its
    /// end), with a clean signal mask, so its tools hear their deadline's SIGTERM.
    func child(author: String, locale: String) -> Spawn {
        let (program, arguments) = commandLine(author: author, locale: locale)
        var spawn = Spawn(program.path, arguments)
        spawn.ownProcessGroup = true
        return spawn
    }
}
