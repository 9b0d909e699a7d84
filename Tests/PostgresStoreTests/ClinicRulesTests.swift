import Foundation
import StationCore
import Testing

@testable import PostgresStore

/// Each rule of the clinic store tried as the wrong user and refused by the database itself: through
/// the adapter (the store connected as that user) and through psql, which can send anything.
@Suite("Clinic store: rules the database enforces", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicRulesTests {
    /// Anna's draft, with Bob (another clinician) and Tina (a transcriptionist) in the clinic.
    struct Ward {
        var clinic: TestClinic
        let anna: String
        let bob: String
        let tina: String
        let report: Report
        let annas: ClinicStore

        static func make() async throws -> Ward {
            var clinic = try await TestClinic.make()
            let anna = try await clinic.addUser("anna")
            let bob = try await clinic.addUser("bob")
            let tina = try await clinic.addUser("tina", transcriptionist: true)
            let annas = try await clinic.store(as: anna)
            let report = try await annas.add(ClinicReportStoreTests.newReport("Fracture heals.", author: anna))
            return Ward(clinic: clinic, anna: anna, bob: bob, tina: tina, report: report, annas: annas)
        }

        /// The report's text, phase and signer as the superuser reads them.
        func stored() throws -> String {
            try clinic.psql(
                "SELECT text || '|' || status || '|' || coalesce(signed_by, '-') FROM dictation.reports WHERE id = \(report.id)"
            ).mustSucceed().output
        }

        func revision(_ text: String, reason: String? = nil) -> String {
            "INSERT INTO dictation.report_revisions (report_id, text, reason) VALUES (\(report.id), '\(text)', "
                + (reason.map { "'\($0)'" } ?? "NULL") + ")"
        }

        var signature: String { "INSERT INTO dictation.report_signatures (report_id) VALUES (\(report.id))" }
    }

    static let time = ClinicReportStoreTests.dictated

    @Test("only the author or a transcriptionist corrects a draft; the corrector is who connected")
    func correctingADraft() async throws {
        let ward = try await Ward.make()
        defer { ward.clinic.drop() }
        let bobs = try await ward.clinic.store(as: ward.bob)
        let notBobs = await #expect(throws: ReportStoreError.self) {
            try await bobs.revise(id: ward.report.id, text: "Bob's text", at: Self.time, by: ward.anna, reason: nil)
        }
        #expect(
            notBobs
                == .notAllowed(
                    id: ward.report.id,
                    reason:
                        "Report \(ward.report.id) is a draft of \(ward.anna): only its author or a transcriptionist corrects it."
                ), "the store's reason, naming the author")
        let refused = try ward.clinic.psql(ward.revision("Bob via psql"), as: ward.bob)
        #expect(!refused.succeeded)
        #expect(refused.errors.contains("only its author or a transcriptionist corrects it"))
        #expect(try ward.stored() == "Fracture heals.|draft|-")

        let tinas = try await ward.clinic.store(as: ward.tina)
        let corrected = try await tinas.revise(
            id: ward.report.id, text: "Fracture heals well.", at: Self.time, by: ward.anna, reason: nil)
        #expect(corrected.status == .corrected)
        #expect(corrected.author == ward.anna, "the author stays the one who dictated")
        #expect(try await tinas.revisions(id: ward.report.id).map(\.author) == [ward.tina])
        #expect(try await tinas.events(id: ward.report.id).last?.actor == ward.tina)
    }

    @Test("only the author signs, as themselves: not another clinician, not a transcriptionist, not in another's name")
    func signing() async throws {
        let ward = try await Ward.make()
        defer { ward.clinic.drop() }
        for other in [ward.bob, ward.tina] {
            let others = try await ward.clinic.store(as: other)
            let refusal = await #expect(throws: ReportStoreError.self) {
                try await others.sign(id: ward.report.id, by: ward.anna, at: Self.time)
            }
            #expect(
                refusal?.description.contains(ward.anna) == true, "names the author: \(String(describing: refusal))")
            let refused = try ward.clinic.psql(ward.signature, as: other)
            #expect(!refused.succeeded, "\(other) signed anna's report through psql")
        }
        #expect(try ward.clinic.psql(ward.signature, as: ward.tina).errors.contains("A transcriptionist does not sign"))
        // Signing in another's name: the signer column is the database's.
        let forged = try ward.clinic.psql(
            "INSERT INTO dictation.report_signatures (report_id, signer) VALUES (\(ward.report.id), '\(ward.anna)')",
            as: ward.bob)
        #expect(forged.errors.contains("permission denied for table report_signatures"))
        #expect(try ward.stored() == "Fracture heals.|draft|-")

        try ward.clinic.psql(ward.signature, as: ward.anna).mustSucceed()
        #expect(try ward.stored() == "Fracture heals.|signed|\(ward.anna)")
    }

    @Test("an author cannot be forged: not as a column, not with SET ROLE; the database names session_user")
    func forgingAnAuthor() async throws {
        let ward = try await Ward.make()
        defer { ward.clinic.drop() }
        let columns = "session_name, locale, created, audio_duration_us, original_text, text, work_type"
        let values = "'Room 1', 'en-US', now(), 1000, 'x', 'forged', 'progress-note'"
        let withAuthor = try ward.clinic.psql(
            "INSERT INTO dictation.reports (\(columns), author) VALUES (\(values), '\(ward.anna)')", as: ward.bob)
        #expect(withAuthor.errors.contains("permission denied for table reports"))
        let signedAlready = try ward.clinic.psql(
            "INSERT INTO dictation.reports (\(columns), status) VALUES (\(values), 'signed')", as: ward.bob)
        #expect(signedAlready.errors.contains("permission denied for table reports"))
        let asClinic = try ward.clinic.psql(
            "SET ROLE clinic; INSERT INTO dictation.reports (\(columns)) VALUES (\(values)) RETURNING author || '|' || status",
            as: ward.bob
        ).mustSucceed()
        #expect(asClinic.output == "\(ward.bob)|draft")
        // The adapter passes the client's author; the database ignores it.
        let bobs = try await ward.clinic.store(as: ward.bob)
        let added = try await bobs.add(ClinicReportStoreTests.newReport("Bob's.", author: ward.anna))
        #expect(added.author == ward.bob)
    }

    @Test("a signed report is frozen: no update, no correction; only its author amends it, with a reason")
    func signedIsFrozen() async throws {
        let ward = try await Ward.make()
        defer { ward.clinic.drop() }
        _ = try await ward.annas.sign(id: ward.report.id, by: ward.anna, at: Self.time)

        let update = try ward.clinic.psql(
            "UPDATE dictation.reports SET text = 'rewritten' WHERE id = \(ward.report.id)", as: ward.anna)
        #expect(update.errors.contains("permission denied for table reports"))
        #expect(try ward.clinic.psql(ward.revision("no reason"), as: ward.anna).errors.contains("needs a reason"))
        let tinas = try ward.clinic.psql(ward.revision("typist", reason: "typo"), as: ward.tina)
        #expect(tinas.errors.contains("only its author"))
        // Even the owner's own code cannot take a signature back or rewrite a signed text in place.
        let asOwner = try ward.clinic.psql(
            "SET ROLE dictation_owner; UPDATE dictation.reports SET status = 'draft', signed_by = NULL, "
                + "signed_at = NULL WHERE id = \(ward.report.id)")
        #expect(asOwner.errors.contains("a signed report changes only by an amendment"))
        let inPlace = try ward.clinic.psql(
            "SET ROLE dictation_owner; UPDATE dictation.reports SET text = 'x' WHERE id = \(ward.report.id)")
        #expect(inPlace.errors.contains("a signed report changes only by an amendment"))
        #expect(try ward.stored() == "Fracture heals.|signed|\(ward.anna)")

        try ward.clinic.psql(ward.revision("Amended.", reason: "dose"), as: ward.anna).mustSucceed()
        #expect(try ward.stored() == "Amended.|amended|\(ward.anna)")
    }

    @Test("nothing is deleted, by anyone: not a draft by its author, not by the server's superuser")
    func deleting() async throws {
        let ward = try await Ward.make()
        defer { ward.clinic.drop() }
        for role in [ward.anna, ward.bob, ward.tina] {
            let delete = try ward.clinic.psql("DELETE FROM dictation.reports WHERE id = \(ward.report.id)", as: role)
            #expect(delete.errors.contains("permission denied for table reports"), "\(role): \(delete.errors)")
            let truncate = try ward.clinic.psql("TRUNCATE dictation.reports CASCADE", as: role)
            #expect(!truncate.succeeded)
        }
        let bySuperuser = try ward.clinic.psql("DELETE FROM dictation.reports WHERE id = \(ward.report.id)")
        #expect(bySuperuser.errors.contains("Nothing is deleted from the clinic store"))
        let truncated = try ward.clinic.psql("TRUNCATE dictation.reports CASCADE")
        #expect(truncated.errors.contains("Nothing is deleted from the clinic store"))
        #expect(try ward.stored() == "Fracture heals.|draft|-")
    }

    @Test("the audit is insert-only: no login role updates, deletes, truncates or forges an event")
    func auditIsInsertOnly() async throws {
        let ward = try await Ward.make()
        defer { ward.clinic.drop() }
        _ = try await ward.annas.sign(id: ward.report.id, by: ward.anna, at: Self.time)
        let before = try ward.clinic.psql("SELECT count(*) FROM dictation.report_events").mustSucceed().output
        for role in [ward.anna, ward.bob, ward.tina] {
            for statement in [
                "UPDATE dictation.report_events SET actor = 'mallory'",
                "DELETE FROM dictation.report_events",
                "TRUNCATE dictation.report_events",
                "INSERT INTO dictation.report_events (report_id, action) VALUES (\(ward.report.id), 'signed')",
            ] {
                let outcome = try ward.clinic.psql(statement, as: role)
                #expect(
                    outcome.errors.contains("permission denied for table report_events"), "\(role): \(statement)")
            }
        }
        for statement in ["UPDATE dictation.report_events SET actor = 'mallory'", "TRUNCATE dictation.report_events"] {
            let outcome = try ward.clinic.psql(statement)
            #expect(outcome.errors.contains("only ever added to"), "as superuser: \(statement)")
        }
        #expect(try ward.clinic.psql("SELECT count(*) FROM dictation.report_events").output == before)
        #expect(
            try ward.clinic.psql(
                "SELECT string_agg(action || ':' || actor, ',' ORDER BY id) FROM dictation.report_events"
            )
            .output == "created:\(ward.anna),signed:\(ward.anna)")
    }

    @Test("an account outside the clinic reads nothing; sessions and settings are their owner's")
    func outsidersAndOwnRows() async throws {
        var ward = try await Ward.make()
        defer { ward.clinic.drop() }
        let outsider = TestServer.uniqueName("eve")
        try ward.clinic.psql("CREATE ROLE \(outsider) LOGIN").mustSucceed()
        ward.clinic.addRole(outsider)
        let read = try ward.clinic.psql("SELECT count(*) FROM dictation.reports", as: outsider)
        #expect(read.errors.contains("permission denied for schema dictation"))

        try ward.clinic.psql("INSERT INTO dictation.settings (key, value) VALUES ('locale', 'nl-NL')", as: ward.anna)
            .mustSucceed()
        #expect(try ward.clinic.psql("SELECT count(*) FROM dictation.settings", as: ward.bob).output == "0")
        let overwritten = try ward.clinic.psql("UPDATE dictation.settings SET value = 'x'", as: ward.bob)
        #expect(overwritten.succeeded && overwritten.output.isEmpty)
        #expect(
            try ward.clinic.psql("SELECT owner || ' ' || value FROM dictation.settings").output == "\(ward.anna) nl-NL")
    }
}
