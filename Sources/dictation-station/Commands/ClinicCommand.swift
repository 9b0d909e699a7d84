import PostgresStore
import StationApp

/// Runs a `clinic` subcommand against the clinic store and says what it did, or why not.
enum ClinicCommand {
    enum Action: Equatable {
        case initialize
        case addUser(String, transcriptionist: Bool)
        case status
    }

    static func run(_ parsed: ClinicOptions.Parsed) async -> Int32 {
        do {
            let store = try await ClinicStore.connect(to: parsed.store, requiringSchema: parsed.action == .status)
            switch parsed.action {
            case .initialize:
                let setUp = try await store.initialize()
                printText(
                    setUp.versionBefore == setUp.versionAfter
                        ? "The clinic store at \(store.address) is up to date (schema version \(setUp.versionAfter))."
                        : "The clinic store at \(store.address) is set up: schema version \(setUp.versionAfter)"
                            + (setUp.versionBefore == 0 ? "" : " (was \(setUp.versionBefore))") + ".")
            case .addUser(let name, let transcriptionist):
                let added = try await store.addUser(name, transcriptionist: transcriptionist)
                let role = added.user.isTranscriptionist ? "clinic user and transcriptionist" : "clinic user"
                printText(
                    added.roleCreated
                        ? "\(added.user.name) is a \(role): the account \(added.user.name) connects as itself."
                        : "\(added.user.name) was a PostgreSQL role already and is now a \(role).")
            case .status:
                let status = try await store.status()
                printText("Clinic store: \(status.store)")
                printText("Schema version: \(status.schemaVersion)")
                printText("Connected as: \(status.connectedAs)")
                printText(status.users.isEmpty ? "Users: none yet (clinic add-user NAME)" : "Users:")
                for user in status.users {
                    printText("  \(user.name)\(user.isTranscriptionist ? "  transcriptionist" : "")")
                }
            }
            return ExitStatus.success
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
    }
}
