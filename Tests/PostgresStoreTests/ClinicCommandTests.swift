import Foundation
import StationTestSupport
import Testing

@testable import PostgresStore

/// `dictation-station clinic …`, the real binary against the private server.
@Suite("Clinic store: the clinic subcommands", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicCommandTests {
    @Test(
        "clinic init, add-user and status set up a store and say what they did; the store comes from the environment too"
    )
    func initAddUserStatus() throws {
        let database = try ClinicSetupTests.emptyDatabase()
        let anna = TestServer.uniqueName("anna")
        let tina = TestServer.uniqueName("tina")
        defer {
            ClinicSetupTests.drop(database)
            for role in [anna, tina] { _ = try? TestServer.psql("DROP ROLE IF EXISTS \(role)", database: "postgres") }
        }
        let store = TestServer.address(database: database).conninfo

        let initialized = try StationBinary.run(["clinic", "init", "--store", store])
        #expect(initialized.status == 0, "\(initialized.standardError)")
        let latest = ClinicSchema.latestVersion
        #expect(initialized.standardOutput.contains("is set up: schema version \(latest)."))
        let again = try StationBinary.run(["clinic", "init", "--store", store])
        #expect(again.standardOutput.contains("is up to date (schema version \(latest))."))

        let added = try StationBinary.run(["clinic", "add-user", anna, "--store", store])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput == "\(anna) is a clinic user: the account \(anna) connects as itself.\n")
        let typist = try StationBinary.run(["clinic", "add-user", "--transcriptionist", tina, "--store", store])
        #expect(typist.standardOutput.contains("clinic user and transcriptionist"))

        let status = try StationBinary.run(["clinic", "status"], environment: ["DICTATION_STATION_STORE": store])
        #expect(status.status == 0, "\(status.standardError)")
        let lines = status.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("Schema version: \(latest)"))
        #expect(lines.contains("  \(anna)"))
        #expect(lines.contains("  \(tina)  transcriptionist"))
    }

    @Test("a store that cannot be reached, or is not set up, is said in words with exit 1, never as a dump")
    func failuresInWords() throws {
        let unreachable = try StationBinary.run(["clinic", "status", "--store", "host=/nonexistent/ds-socket dbname=x"])
        #expect(unreachable.status == 1)
        #expect(
            unreachable.standardError.hasPrefix(
                "dictation-station: The clinic store at “host=/nonexistent/ds-socket dbname=x” cannot be reached: "))
        #expect(!unreachable.standardError.contains("Error Domain"))

        let database = try ClinicSetupTests.emptyDatabase()
        defer { ClinicSetupTests.drop(database) }
        let empty = try StationBinary.run([
            "clinic", "status", "--store", TestServer.address(database: database).conninfo,
        ])
        #expect(empty.status == 1)
        #expect(
            empty.standardError.contains("is not set up yet: an administrator runs `dictation-station clinic init`"))
    }

    @Test(
        "a wrong clinic command line is a usage error",
        arguments: [
            ["clinic"], ["clinic", "frobnicate"], ["clinic", "add-user"], ["clinic", "status", "extra"],
            ["clinic", "init", "--transcriptionist"],
        ])
    func usageErrors(arguments: [String]) throws {
        let outcome = try StationBinary.run(arguments)
        #expect(outcome.status == 2, "\(arguments): \(outcome.standardError)")
        #expect(outcome.standardError.contains("clinic init"))
    }
}
