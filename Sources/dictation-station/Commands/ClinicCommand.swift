import Localization
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
                        ? tr(
                            "The clinic store at \(store.address) is up to date (schema version \(setUp.versionAfter))."
                        )
                        : setUp.versionBefore == 0
                            ? tr(
                                "The clinic store at \(store.address) is set up: schema version \(setUp.versionAfter).")
                            : tr(
                                "The clinic store at \(store.address) is set up: schema version \(setUp.versionAfter) (was \(setUp.versionBefore))."
                            ))
            case .addUser(let name, let transcriptionist):
                let added = try await store.addUser(name, transcriptionist: transcriptionist)
                let role = added.user.isTranscriptionist ? tr("clinic user and transcriptionist") : tr("clinic user")
                let name = added.user.name
                printText(
                    added.roleCreated
                        ? tr("\(name) is a \(role): the account \(name) connects as itself.")
                        : tr("\(name) was a PostgreSQL role already and is now a \(role)."))
            case .status:
                let status = try await store.status()
                printText(tr("Clinic store: \(status.store)"))
                printText(tr("Schema version: \(status.schemaVersion)"))
                printText(tr("Connected as: \(status.connectedAs)"))
                printText(status.users.isEmpty ? tr("Users: none yet (clinic add-user NAME)") : tr("Users:"))
                for user in status.users {
                    printText("  \(user.name)" + (user.isTranscriptionist ? "  " + tr("transcriptionist") : ""))
                }
            }
            return ExitStatus.success
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
    }
}
