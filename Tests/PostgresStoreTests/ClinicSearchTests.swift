import Foundation
import StationCore
import Testing

@testable import PostgresStore

/// The clinic store's search as good as the SQLite store's (accents folded), and answered by the
/// full-text index although row-level security guards the reports (schema 4).
@Suite("Clinic store: search", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicSearchTests {
    @Test("ozdemir finds Özdemir, yilmaz Yılmaz, muller Müller, and typed with its accents as without")
    func accentsFold() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let ozdemir = try await store.add(ClinicReportStoreTests.newReport("Mrs Özdemir, wound clean."))
        let yilmaz = try await store.add(
            ClinicReportStoreTests.newReport("Knee pain.", session: "Room 4 – Yılmaz", minutesLater: 1))
        let muller = try await store.add(
            ClinicReportStoreTests.newReport(
                "Slept well.", minutesLater: 2, patient: Patient(name: "Hans Müller-Lüdenscheidt", identifier: "77")))
        func found(_ search: String) async throws -> [Int64] {
            try await store.reports(ReportQuery(search: search), limit: 10, offset: 0).map(\.id)
        }
        #expect(try await found("ozdemir") == [ozdemir.id])
        #expect(try await found("OZDEM") == [ozdemir.id])
        #expect(try await found("Özdemir") == [ozdemir.id])
        #expect(try await found("yilmaz") == [yilmaz.id], "a session name, dotless ı")
        #expect(try await found("muller") == [muller.id], "a patient's name")
        #expect(try await found("ludensch") == [muller.id], "each part of a hyphenated name")
        #expect(try await found("müller slept") == [muller.id])
        #expect(try await found("ozdemir knee").isEmpty, "every word must match")
    }

    @Test("a search keeps the list's filters, order and paging")
    func searchWithFilters() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annas = try await clinic.store(as: anna)
        let bobs = try await clinic.store(as: bob)
        let old = try await annas.add(ClinicReportStoreTests.newReport("Wound of Mrs Jansen."))
        let newer = try await annas.add(ClinicReportStoreTests.newReport("Jansen: knee.", minutesLater: 5))
        let urgent = try await bobs.add(
            ClinicReportStoreTests.newReport("Jansen falls.", minutesLater: 1, priority: .urgent))
        let wrong = try await annas.add(ClinicReportStoreTests.newReport("Jansen, wrong patient.", minutesLater: 9))
        _ = try await annas.markEnteredInError(id: wrong.id, by: anna, at: .now, reason: "wrong patient")
        _ = try await annas.sign(id: old.id, by: anna, at: .now)
        func found(_ query: ReportQuery, limit: Int = 10, offset: Int = 0) async throws -> [Int64] {
            try await annas.reports(query, limit: limit, offset: offset).map(\.id)
        }
        #expect(try await found(ReportQuery(search: "jansen")) == [urgent.id, newer.id, old.id])
        #expect(
            try await found(ReportQuery(search: "jansen", includeEnteredInError: true))
                == [urgent.id, wrong.id, newer.id, old.id])
        #expect(try await found(ReportQuery(search: "jansen", author: bob)) == [urgent.id])
        #expect(try await found(ReportQuery(search: "jansen", unsignedOnly: true)) == [urgent.id, newer.id])
        #expect(try await found(ReportQuery(search: "jansen", urgentOnly: true)) == [urgent.id])
        #expect(try await found(ReportQuery(search: "jansen"), limit: 1, offset: 1) == [newer.id])
        let shown = try #require(try await annas.reports(ReportQuery(search: "knee"), limit: 1, offset: 0).first)
        #expect(
            shown
                == (try await annas.report(id: newer.id)).map { report in
                    var listed = report
                    listed.words = []
                    return listed
                }, "a found report reads as the list reads it")
    }

    @Test("a member's search is answered by the full-text index; the read policy checks membership once")
    func indexUnderRowLevelSecurity() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        // Enough reports that a scan of them all costs more than the index: 3,000, one Özdemir.
        try clinic.psql(
            """
            INSERT INTO dictation.reports (session_name, locale, created, audio_duration_us, original_text, text,
                work_type, patient_identifier)
            SELECT 'Room ' || i % 40, 'en-US', now() - i * interval '1 minute', 1000000, 'x',
                'patient ' || (ARRAY['Jansen', 'Bakker', 'de Vries'])[1 + i % 3] || ' wound clean ' || i,
                'progress-note', 'MRN' || (100000 + i)
            FROM generate_series(1, 3000) i;
            INSERT INTO dictation.reports (session_name, locale, created, audio_duration_us, original_text, text,
                work_type)
            VALUES ('Room 7', 'en-US', now(), 1000000, 'x', 'Mrs Özdemir slept well', 'progress-note');
            """, as: anna
        ).mustSucceed()
        try clinic.psql("ANALYZE dictation.reports").mustSucceed()

        // The plans of the statements inside the search function, as anna runs it (auto_explain, loaded by
        // the superuser before it becomes anna).
        func plans(_ search: String) throws -> String {
            let outcome = try TestServer.psql(
                """
                LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0;
                SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = notice;
                SET client_min_messages = notice; SET SESSION AUTHORIZATION "\(anna)";
                SELECT count(*) FROM dictation.search_reports('\(search)', NULL, false, false, false, 40, 0);
                """, database: clinic.database
            ).mustSucceed()
            return outcome.errors
        }
        let rare = try plans("ozdemir")
        #expect(rare.contains("Bitmap Index Scan on reports_search"), "\(rare)")
        let identifier = try plans("102999")
        #expect(identifier.contains("Bitmap Index Scan on reports_search"), "\(identifier)")
        // The station's own statement then reads only the reports found, each by its id.
        let statement = try clinic.psql(
            """
            PREPARE found AS \(ReportSearch.statement(columns: "id, text"));
            EXPLAIN EXECUTE found('jansen', NULL, false, false, false, 40, 0);
            """, as: anna
        ).mustSucceed().output
        #expect(statement.contains("Index Scan using reports_pkey"), "\(statement)")
        #expect(!statement.contains("Seq Scan on reports"), "\(statement)")
        let store = try await clinic.store(as: anna)
        #expect(try await store.reports(ReportQuery(search: "ozdemir"), limit: 40, offset: 0).count == 1)
        #expect(try await store.reports(ReportQuery(search: "102999"), limit: 40, offset: 0).count == 1)

        // Read directly, the reports' policy is one InitPlan for the statement, not a call per row.
        let direct = try clinic.psql(
            "EXPLAIN SELECT id FROM dictation.reports WHERE text LIKE '%Jansen%'", as: anna
        ).mustSucceed().output
        #expect(direct.contains("InitPlan"), "\(direct)")
        #expect(!direct.contains("pg_has_role"), "\(direct)")
    }

    @Test("the search function finds nothing for a role outside the clinic, even one allowed to call it")
    func searchOnlyForMembers() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        _ = try await store.add(ClinicReportStoreTests.newReport("Mrs Jansen."))
        let outsider = TestServer.uniqueName("outsider")
        clinic.addRole(outsider)
        try clinic.psql(
            """
            CREATE ROLE \(outsider) NOLOGIN; GRANT CONNECT ON DATABASE \(clinic.database) TO \(outsider);
            GRANT USAGE ON SCHEMA dictation TO \(outsider);
            GRANT EXECUTE ON FUNCTION dictation.search_reports(text, text, boolean, boolean, boolean, integer, integer)
                TO \(outsider);
            """
        ).mustSucceed()
        let call = "SELECT count(*) FROM dictation.search_reports('jansen', NULL, false, false, false, 40, 0)"
        #expect(try clinic.psql(call, as: anna).mustSucceed().output == "1")
        #expect(try clinic.psql(call, as: outsider).mustSucceed().output == "0")
    }

    @Test("a store of schema 3 brought up to date keeps its reports, and finds them folded and by identifier digits")
    func upgradeFromSchema3() async throws {
        let database = try ClinicSetupTests.emptyDatabase()
        defer { ClinicSetupTests.drop(database) }
        let address = TestServer.address(database: database)
        let older = try await ClinicStore.connect(to: address, requiringSchema: false).initialize(upTo: 3)
        #expect(older.versionAfter == 3)
        await #expect(
            throws: ClinicStoreError.olderSchema(
                store: address.description, found: 3, needed: ClinicSchema.latestVersion)
        ) {
            _ = try await ClinicStore.connect(to: address)
        }
        let anna = TestServer.uniqueName("anna")
        defer { _ = try? TestServer.psql("DROP ROLE IF EXISTS \(anna)", database: "postgres") }
        _ = try await ClinicStore.connect(to: address, requiringSchema: false).addUser(anna, transcriptionist: false)
        try TestServer.psql(
            """
            INSERT INTO dictation.reports (session_name, locale, created, audio_duration_us, original_text, text,
                work_type, patient_identifier)
            VALUES ('Room 1', 'en-US', now(), 1, 'x', 'Mrs Özdemir', 'progress-note', 'MRN200871');
            """, database: database, as: anna
        ).mustSucceed()

        let upgraded = try await ClinicStore.connect(to: address, requiringSchema: false).initialize()
        #expect(upgraded == ClinicSetUp(versionBefore: 3, versionAfter: ClinicSchema.latestVersion))
        let store = try await ClinicStore.connect(to: address)
        try await store.impersonate(anna)
        #expect(try await store.reports(ReportQuery(search: "ozdemir"), limit: 10, offset: 0).count == 1)
        #expect(try await store.reports(ReportQuery(search: "200871"), limit: 10, offset: 0).count == 1)
    }
}
