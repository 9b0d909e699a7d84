import Foundation
import Localization
import PostgresStore
import StationApp
import StationSystem

/// Runs a `clinic` subcommand against the clinic store and says what it did, or why not.
enum ClinicCommand {
    enum Action: Equatable {
        case initialize
        case addUser(String, transcriptionist: Bool, passwordFromStdin: Bool)
        case status
        case importStation(String)
    }

    static func run(_ parsed: ClinicOptions.Parsed, environment: [String: String]) async -> Int32 {
        do {
            let choice = try StoreChoice.resolveForAdministration(option: parsed.storeOption, environment: environment)
            if case .importStation(let directory) = parsed.action {
                return await StationImportCommand.run(directory: directory, into: choice)
            }
            let store = try await ClinicStore.connect(
                to: choice.address, requiringSchema: parsed.action == .status, acceptingOlderSchema: true)
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
            case .addUser(let name, let transcriptionist, let passwordFromStdin):
                let password = passwordFromStdin ? try readPassword(for: name) : nil
                let added = try await store.addUser(name, transcriptionist: transcriptionist, password: password)
                let role = added.user.isTranscriptionist ? tr("clinic user and transcriptionist") : tr("clinic user")
                let name = added.user.name
                printText(
                    added.roleCreated
                        ? tr("\(name) is a \(role): the account \(name) connects as itself.")
                        : tr("\(name) was a PostgreSQL role already and is now a \(role)."))
                if added.passwordSet {
                    printText(
                        tr(
                            """
                            \(name) has a password for other workstations (SCRAM-SHA-256; only its verifier \
                            was sent to the server).
                            """))
                }
            case .status:
                let status = try await store.status()
                printText(tr("Clinic store: \(choice)"))
                printText(tr("Schema version: \(status.schemaVersion)"))
                printText(tr("Connected as: \(status.connectedAs)"))
                printText(status.users.isEmpty ? tr("Users: none yet (clinic add-user NAME)") : tr("Users:"))
                for user in status.users {
                    printText("  \(user.name)" + (user.isTranscriptionist ? "  " + tr("transcriptionist") : ""))
                }
                status.passwordlessAccess.lines.forEach { printText($0) }
            case .importStation:
                break
            }
            return ExitStatus.success
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
    }

    /// The new user's password from standard input (one line; on a terminal, not shown), never from the
    /// command line.
    private static func readPassword(for name: String) throws -> String {
        guard let password = try SecretInput.readLine(prompt: tr("Password for \(name) (not shown): ")),
            !password.isEmpty
        else {
            throw ClinicStoreError.refused(
                reason: tr("no password came on standard input for \(name); nothing was changed"))
        }
        return password
    }
}
