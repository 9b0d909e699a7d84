import Foundation
import SpeakerAdaptation
import StationCore
import StationSystem

/// The background training of voice profiles: after the logged-in author corrects or signs one of
/// their reports, this very binary runs `profiles update --if-due` as a low-priority child.
/// `DICTATION_STATION_PROFILE_EVERY` sets how many new corrected reports make an update due (default
/// 10); 0 turns background training off.
enum ProfileTrainingWiring {
    static let everyVariable = "DICTATION_STATION_PROFILE_EVERY"

    static func training(
        paths: StationPaths, store: String? = nil, environment: [String: String], log: any StationLog
    )
        -> BackgroundProfileTraining?
    {
        var every = ScheduledProfileUpdate.defaultEvery
        if let raw = environment[everyVariable], let value = Int(raw.trimmingCharacters(in: .whitespaces)) {
            guard value > 0 else { return nil }
            every = value
        }
        guard let executable else { return nil }
        return BackgroundProfileTraining(
            executable: executable, dataDirectory: paths.dataDirectory, every: every, log: log, store: store)
    }

    /// This binary, as the kernel knows it (not argv[0], which may be relative or a name on PATH).
    static var executable: URL? {
        RunningProgram.path.map { URL(fileURLWithPath: $0) }
    }

    /// How a one-shot command asks for training: a detached child per request (the command ends at
    /// once; the child logs what it did to station.log); nil when background training is off.
    @MainActor
    static func detachedRequests(paths: StationPaths, store: String? = nil) -> (any ProfileTrainingRequests)? {
        let log = FileStationLog(file: paths.logFile)
        return training(paths: paths, store: store, environment: ProcessInfo.processInfo.environment, log: log)
            .map(DetachedProfileTraining.init)
    }
}
