import Foundation
import SQLiteStore
import StationCore
import Testing

@Suite("SQLite full-text search")
struct SearchTests {
    private func database() async throws -> (TestDataDirectory, StationDatabase, [String: Int64]) {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        var ids: [String: Int64] = [:]
        let reports = [
            ("jansen", "Room 12 – Mrs Jansen", "Wound clean and dry, dressing changed."),
            ("ozdemir", "Zimmer 3 – Frau Özdemir", "Schmerzen im Knie, Physiotherapie fortsetzen."),
            ("muller", "Ward round", "Herr Müller slept well; appetite good."),
            ("cafe", "Night shift", "Patient asked for a café au lait at 03:00."),
        ]
        for (minute, (key, session, text)) in reports.enumerated() {
            ids[key] =
                try await database.add(
                    sampleReport(
                        text, session: session, created: Date(timeIntervalSince1970: 1_780_000_000 + Double(minute))
                    )
                ).id
        }
        return (directory, database, ids)
    }

    @Test(
        "finds words in the text and the session name, ignoring case and diacritics, by prefix",
        arguments: [
            ("jansen", ["jansen"]), ("JANSEN", ["jansen"]), ("jans", ["jansen"]), ("ozdemir", ["ozdemir"]),
            ("Özdemir", ["ozdemir"]), ("özd", ["ozdemir"]), ("muller", ["muller"]), ("müll", ["muller"]),
            ("cafe", ["cafe"]), ("physio", ["ozdemir"]), ("dressing chan", ["jansen"]),
            ("room jansen", ["jansen"]), ("room ozdemir", []), ("slept", ["muller"]), ("nobody", []),
        ])
    func finds(query: String, expected: [String]) async throws {
        let (_, database, ids) = try await database()
        let found = try await database.reports(search: query, limit: 10, offset: 0).map(\.id)
        #expect(Set(found) == Set(expected.compactMap { ids[$0] }), "searching \(query)")
    }

    @Test("matches come newest first, a page at a time")
    func newestFirst() async throws {
        let database = try await TestDataDirectory().open()
        var ids: [Int64] = []
        for minute in [2, 0, 3, 1] {
            let created = Date(timeIntervalSince1970: 1_780_000_000 + Double(minute) * 60)
            ids.append(try await database.add(sampleReport("ward round \(minute)", created: created)).id)
        }
        _ = try await database.add(sampleReport("something else"))
        let found = try await database.reports(search: "ward", limit: 10, offset: 0).map(\.id)
        #expect(found == [ids[2], ids[0], ids[3], ids[1]])
        #expect(try await database.reports(search: "ward", limit: 2, offset: 1).map(\.id) == [ids[0], ids[3]])
    }

    @Test("with many matches, the newest still come first, a page at a time")
    func manyMatches() async throws {
        let database = try await TestDataDirectory().open()
        // Created times out of insertion order, so the order must come from the times, not the ids.
        let minutes = (0..<2_500).map { ($0 * 7_919) % 2_500 }
        let stored = try await database.addAll(
            minutes.map { minute in
                sampleReport(
                    "ward round \(minute)", created: Date(timeIntervalSince1970: 1_780_000_000 + Double(minute) * 60))
            })
        _ = try await database.add(sampleReport("something else"))
        let found = try await database.reports(search: "war", limit: 40, offset: 10).map(\.text)
        #expect(found == (2_450..<2_490).reversed().map { "ward round \($0)" })
        #expect(stored.count == 2_500)
    }

    @Test(
        "search input is never read as FTS syntax",
        arguments: [
            "\"", "AND", "jansen OR", "(", "NEAR(a b)", "*", "-jansen", "col:jansen", "'; DROP TABLE reports; --",
        ])
    func oddInput(query: String) async throws {
        let (_, database, _) = try await database()
        _ = try await database.reports(search: query, limit: 10, offset: 0)
        #expect(try await database.reports(search: nil, limit: 10, offset: 0).count == 4)
    }

    @Test("a revised text is found by its new words, not its old ones")
    func revisedText() async throws {
        let (_, database, ids) = try await database()
        let id = try #require(ids["cafe"])
        _ = try await database.revise(
            id: id, text: "Patient asked for tea.", at: Date(timeIntervalSince1970: 1_780_000_100), by: nil, reason: nil
        )
        #expect(try await database.reports(search: "tea", limit: 10, offset: 0).map(\.id) == [id])
        #expect(try await database.reports(search: "cafe", limit: 10, offset: 0).isEmpty)
    }

    @Test("a deleted report is no longer found")
    func deleted() async throws {
        let (_, database, ids) = try await database()
        _ = try await database.deleteDraft(
            id: try #require(ids["jansen"]), by: "anna", at: Date(timeIntervalSince1970: 1_780_000_200))
        #expect(try await database.reports(search: "jansen", limit: 10, offset: 0).isEmpty)
    }
}
