import Foundation
import SQLiteStore
import StationCore

/// Opens the station's database for the station or a subcommand; when it has to wait for another
/// process's lock, it says so on standard error (and in the log), then goes on by itself.
enum CommandDatabase {
    nonisolated(nonsending) static func open(
        _ paths: StationPaths, log: (any StationLog)? = nil, directoriesChecked: Bool = false
    ) async throws -> StationDatabase {
        try await StationDatabase.open(paths, directoriesChecked: directoriesChecked) { message in
            printError("dictation-station: \(message)")
            log?.log(.info, message)
        }
    }
}
