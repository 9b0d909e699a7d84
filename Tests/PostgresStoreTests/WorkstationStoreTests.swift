import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// The store set once per workstation: real accounts, with nothing set up of their own, reach the
/// clinic store as themselves through the workstation's file or the libpq service file it names.
@Suite(
    "Clinic store: set once per workstation, used by every account",
    .enabled(if: TestServer.isRunning, TestServer.skipReason),
    .enabled(if: TestAccount.canMake, "making an OS account needs root, as CI runs"))
struct WorkstationStoreTests {
    @Test("two accounts with no set-up of their own: clinic status names the store, the file, and each account")
    func everyAccountUsesTheFile() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try WorkstationFolder()
        let file = try folder.write("store.conf", "# this workstation's clinic\nstore = \(clinic.address.conninfo)\n")
        try await TestAccount.with(2, prefix: "dsws") { accounts in
            for account in accounts {
                clinic.addRole(account.name)
                _ = try await ClinicStore.connect(to: clinic.address).addUser(account.name, transcriptionist: false)
            }
            for account in accounts {
                let status = try account.runStation(
                    ["clinic", "status"], environment: ["DICTATION_STATION_STORE_CONF": file])
                #expect(status.status == 0, "\(status.standardError)")
                let lines = status.standardOutput.split(separator: "\n").map(String.init)
                #expect(lines.contains("Connected as: \(account.name)"), "\(lines)")
                #expect(lines.first == "Clinic store: “\(clinic.address.conninfo)” (set by \(file))", "\(lines)")
            }
        }
    }

    @Test("store.conf may name a service of the workstation's libpq service file (pg_service.conf)")
    func serviceFile() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try WorkstationFolder()
        // PGSYSCONFDIR is where libpq looks for the workstation's pg_service.conf (Debian: /etc/postgresql-common).
        try folder.write(
            "pg_service.conf",
            "[clinic_test]\nhost=\(TestServer.host)\nport=\(TestServer.port)\ndbname=\(clinic.database)\n")
        let file = try folder.write("store.conf", "store = service=clinic_test\n")
        try await TestAccount.with(1, prefix: "dssvc") { accounts in
            let account = accounts[0]
            clinic.addRole(account.name)
            _ = try await ClinicStore.connect(to: clinic.address).addUser(account.name, transcriptionist: false)
            let status = try account.runStation(
                ["clinic", "status"],
                environment: ["DICTATION_STATION_STORE_CONF": file, "PGSYSCONFDIR": folder.url.path])
            #expect(status.status == 0, "\(status.standardError)")
            #expect(status.standardOutput.contains("Clinic store: “service=clinic_test” (set by \(file))"))
            #expect(status.standardOutput.contains("Connected as: \(account.name)"))
        }
    }

    @Test("--store and the variable override the file; a file others may write is refused, and said so")
    func overridesAndRefusal() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try WorkstationFolder()
        let open = try folder.write("store.conf", "store = dbname=elsewhere\n", mode: 0o666)
        let refused = try StationBinary.run(["clinic", "status"], environment: ["DICTATION_STATION_STORE_CONF": open])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "dictation-station: The workstation's clinic store file \(open) is not used: it belongs to root"),
            "\(refused.standardError)")
        let byOption = try StationBinary.run(
            ["--store", clinic.address.conninfo, "clinic", "status"],
            environment: ["DICTATION_STATION_STORE_CONF": open])
        #expect(byOption.status == 0, "\(byOption.standardError)")
        #expect(byOption.standardOutput.contains("(set by --store)"))
        let byVariable = try StationBinary.run(
            ["clinic", "status"],
            environment: ["DICTATION_STATION_STORE_CONF": open, "DICTATION_STATION_STORE": clinic.address.conninfo])
        #expect(byVariable.status == 0, "\(byVariable.standardError)")
        #expect(byVariable.standardOutput.contains("(set by $DICTATION_STATION_STORE)"))
    }
}
