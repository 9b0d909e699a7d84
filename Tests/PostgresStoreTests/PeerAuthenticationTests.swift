import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// Identity from the connection: a real OS account, made for the test and removed after it, reaches
/// the store by peer authentication as its own role and cannot claim another name.
@Suite(
    "Clinic store: peer authentication with a real account",
    .enabled(if: TestServer.isRunning, TestServer.skipReason),
    .enabled(if: TestAccount.canMake, "making an OS account needs root, as CI runs"))
struct PeerAuthenticationTests {
    /// An OS account of the test's own, removed (with its clinic role) when `body` ends, even by a failure.
    static func withAccount(_ body: (String) async throws -> Void) async throws {
        try await TestAccount.with(1, prefix: "dspeer") { accounts in
            let account = accounts[0].name
            defer { _ = try? TestServer.psql("DROP ROLE IF EXISTS \(account)", database: "postgres") }
            try await body(account)
        }
    }

    @Test(
        "the account connects as its own role, and cannot claim another: not with -U, SET ROLE or SET SESSION AUTHORIZATION"
    )
    func ownRoleOnly() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let annas = try await clinic.store(as: anna)
        let report = try await annas.add(ClinicReportStoreTests.newReport("Anna's draft.", author: anna))
        try await Self.withAccount { account in
            _ = try await ClinicStore.connect(to: clinic.address).addUser(account, transcriptionist: false)
            func psql(_ sql: String, extra: [String] = []) throws -> TestServer.Outcome {
                try TestServer.psql(sql, database: clinic.database, runAs: account)
            }
            #expect(try psql("SELECT session_user").mustSucceed().output == account)
            let signed = try psql("INSERT INTO dictation.report_signatures (report_id) VALUES (\(report.id))")
            #expect(signed.errors.contains("only by its author"), "\(signed.errors)")
            let claimed = try psql("SET SESSION AUTHORIZATION \(anna)")
            #expect(claimed.errors.contains("permission denied to set session authorization"), "\(claimed.errors)")
            let role = try psql("SET ROLE \(anna)")
            #expect(role.errors.contains("permission denied to set role"), "\(role.errors)")
            let added = try psql(
                "INSERT INTO dictation.reports (session_name, locale, created, audio_duration_us, original_text, text, "
                    + "work_type) VALUES ('Room', 'en-US', now(), 0, 'x', 'x', 'progress-note') RETURNING author")
            #expect(try added.mustSucceed().output == account)

            var asAnna = Spawn(
                "/usr/sbin/runuser",
                [
                    "-u", account, "--", "/usr/bin/psql", "-X", "-h", TestServer.host, "-p", TestServer.port, "-U",
                    anna,
                    "-d", clinic.database, "-c", "SELECT 1",
                ])
            asAnna.errors = .capture
            let refused = try asAnna.run(deadline: .seconds(60))
            #expect(
                refused.errorText.contains("Peer authentication failed for user \"\(anna)\""), "\(refused.errorText)")

            // The station's own binary, run as the account, is that account in the store.
            let status = Spawn(
                "/usr/sbin/runuser",
                ["-u", account, "--", StationBinary.url.path, "clinic", "status", "--store", clinic.address.conninfo])
            var run = status
            run.output = .capture
            run.errors = .capture
            let finished = try run.run(deadline: .seconds(60))
            #expect(finished.outputText.contains("Connected as: \(account)"), "\(finished.errorText)")
        }
    }

    @Test("an account the store does not know, or not of the clinic, is told to ask for `clinic add-user`, in words")
    func unknownAccount() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        try await TestAccount.with(1, prefix: "dsnew") { accounts in
            let account = accounts[0]
            defer { _ = try? TestServer.psql("DROP ROLE IF EXISTS \(account.name)", database: "postgres") }
            let store = clinic.address.conninfo
            let unknown = try account.runStation(["clinic", "status", "--store", store])
            #expect(unknown.status == 1)
            #expect(
                unknown.standardError
                    == "dictation-station: The clinic store at “\(store)” does not know the account \(account.name): "
                    + "ask the administrator to run `dictation-station clinic add-user \(account.name)`.\n",
                "\(unknown.standardError)")

            // A role of the server, but not one of the clinic's: the database takes only its members.
            try TestServer.psql("CREATE ROLE \(account.name) LOGIN", database: "postgres").mustSucceed()
            let outsider = try account.runStation(["clinic", "status", "--store", store])
            #expect(outsider.status == 1)
            #expect(
                outsider.standardError
                    == "dictation-station: \(account.name) is not a member of the clinic at “\(store)”: ask the "
                    + "administrator to run `dictation-station clinic add-user \(account.name)`.\n",
                "\(outsider.standardError)")

            // Claiming another name on the local socket is refused by peer authentication, and said so.
            let claimed = try account.runStation(["clinic", "status", "--store", store + " user=postgres"])
            #expect(claimed.standardError.contains("refused the name postgres: on this workstation the server takes"))
        }
    }
}
