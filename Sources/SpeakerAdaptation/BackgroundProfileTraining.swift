import Foundation
import Localization
import StationCore
import StationSystem

/// The station's `VoiceProfileTraining`: runs `dictation-station profiles update --if-due --json` (the
/// station's own binary) as a child process at low priority, and reads what it did from its last
/// line for its author and locale. The child takes its turn in the data directory's `TrainingQueue`, so
/// trainings never overlap and never pile up: when a training waits already, no child is started at
/// all (the waiting one takes the request). The station only waits for the child off its main actor,
/// and a child that fails or is killed is a failed outcome, never the station's end.
public struct BackgroundProfileTraining: VoiceProfileTraining {
    /// The station's binary.
    public var executable: URL
    public var dataDirectory: URL
    /// New corrected dictations between trainings (`--every`).
    public var every: Int
    /// The child's niceness: training yields the processor to dictation.
    public var niceness: Int
    public var log: any StationLog
    /// The clinic store the station was told with `--store`, handed on so that the child trains the
    /// profile the store keeps; nil: the child finds the store as the station did (its environment,
    /// the workstation's store.conf) or uses the data directory's.
    public var store: String?

    public init(
        executable: URL, dataDirectory: URL, every: Int = ScheduledProfileUpdate.defaultEvery, niceness: Int = 10,
        log: any StationLog = SilentLog(), store: String? = nil
    ) {
        self.store = store
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
        let arguments =
            (store.map { ["--store", $0] } ?? []) + [
                "--data-dir", dataDirectory.path, "profiles", "update", "--author", author, "--locale", locale,
                "--if-due",
                "--every", String(every), "--json",
            ]
        guard FileManager.default.isExecutableFile(atPath: Self.nice.path) else { return (executable, arguments) }
        return (Self.nice, ["-n", String(niceness), executable.path] + arguments)
    }

    /// The data directory's profiles, whose `TrainingQueue` a request joins.
    var profiles: SpeakerProfiles {
        SpeakerProfiles(directory: dataDirectory.appendingPathComponent("profiles", isDirectory: true))
    }

    /// Starts the training child for a request, handing it the waiting place (taken here, so no other
    /// child starts meanwhile); nil when a training waits already and takes the request.
    func startChild(author: String, locale: String, capturing: Bool) throws -> ChildProcess? {
        var spawn = child(author: author, locale: locale)
        if capturing { spawn.output = .capture }
        switch TrainingQueue.takeWaitingPlace(.init(author: author, locale: locale), profiles: profiles) {
        case .joined:
            return nil
        case .none:
            return try spawn.start()
        case .waitingPlace(let lock):
            // The child holds the lock from its start; it is not this process's to keep.
            defer { lock.close() }
            spawn.passedDescriptors = [lock.descriptor]
            var environment = ProcessInfo.processInfo.environment
            environment[TrainingQueue.waitingPlaceVariable] = "3"
            spawn.environment = environment
            return try spawn.start()
        }
    }

    public func trainIfDue(author: String, locale: String) async -> VoiceProfileTrainingOutcome {
        let started: ChildProcess?
        do {
            started = try startChild(author: author, locale: locale, capturing: true)
        } catch {
            log.log(.error, "voice profile training could not start: \(error)")
            return .failed(locale: locale, reason: tr("the training could not be started"))
        }
        guard let child = started else { return .joined(locale: locale) }
        // Waited for on a thread of its own: never the station's.
        let finished = await child.finished()
        switch finished.termination {
        case .signalled(let signal):
            return Self.outcome(
                output: finished.outputText, status: signal, signalled: true, author: author, locale: locale)
        case .exited(let status):
            return Self.outcome(
                output: finished.outputText, status: status, signalled: false, author: author, locale: locale)
        case .unknown, nil:
            return Self.outcome(
                output: finished.outputText, status: -1, signalled: false, author: author, locale: locale)
        }
    }

    /// What a finished child's output and exit say about `author`'s profile in `locale`.
    static func outcome(
        output: String, status: Int32, signalled: Bool, author: String, locale: String
    ) -> VoiceProfileTrainingOutcome {
        if signalled { return .failed(locale: locale, reason: tr("the training was stopped (signal \(status))")) }
        if let report = ProfileUpdateReport.parse(lastLineOf: output, author: author, locale: locale) {
            return report.outcome
        }
        return .failed(locale: locale, reason: tr("the training ended without a result (exit status \(status))"))
    }

    /// Starts an update and does not wait for it (after a correction on the command line): the child
    /// outlives the command, says nothing on its terminal, and logs what it did to station.log.
    public func start(author: String, locale: String) {
        do {
            _ = try startChild(author: author, locale: locale, capturing: false)
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
