import Foundation
import PostgresStore
import StationCore

/// The same figures on the clinic store, on a PostgreSQL server this process administers: two databases
/// set up as `clinic init` does, filled with the same generated reports by a clinic user (acting as that
/// role, so row-level security and the triggers bind as they bind a care worker), measured as that user.
struct PostgresBench {
    let host: String
    let port: String
    let author = "dsbench"
    /// The other station's person in the send-to-screen figure.
    let reader = "dsbench_reader"
    /// Connections filling the large store at once (the server's work, not this process's, is the limit).
    let fillers = 4

    func address(_ database: String) -> StoreAddress { StoreAddress("host=\(host) port=\(port) dbname=\(database)") }

    func run() async throws -> (figures: [Figure], arrival: ChangeArrival.Figures) {
        let largeStore = "bench_large"
        let referenceStore = "bench_reference"
        for database in [largeStore, referenceStore] { try await make(database) }
        let start = clock.now
        let rate = try await fill(largeStore, count: reportCount)
        print(
            String(
                format: "PostgreSQL: generated %d reports in %.1f s (%d connections, one transaction each: %.0f /s)",
                reportCount, seconds(start.duration(to: clock.now)), fillers, rate))
        _ = try await fill(referenceStore, count: referenceCount)

        var figures: [Figure] = []
        figures.append(
            Figure(
                label: "open + first screen (\(screenRows) rows)",
                large: try await measure { try await openAndReadFirstScreen(largeStore) },
                reference: try await measure { try await openAndReadFirstScreen(referenceStore) }, hits: screenRows))
        for query in queries {
            let (time, hits) = try await search(largeStore, query)
            figures.append(
                Figure(
                    label: "search \"\(query)\"", large: time, reference: try await search(referenceStore, query).0,
                    hits: hits))
        }
        return (figures, try await arrival(largeStore))
    }

    /// One station (the author's) sends, the other (another clinic user's) learns of it by LISTEN/NOTIFY,
    /// as the station does (`OpenedStore`: notices, and a poll every 10 s under them).
    private func arrival(_ database: String) async throws -> ChangeArrival.Figures {
        let sender = try await ClinicStore.connect(to: address(database), actingAs: author)
        let other = try await ClinicStore.connect(to: address(database), actingAs: reader)
        let feed = try ClinicChangeFeed.start(at: address(database))
        defer { feed.stop() }
        return try await ChangeArrival.measure(
            sender: sender, other: other, notices: feed.notices, poll: .seconds(10), firstIndex: reportCount)
    }

    /// The empty database (scripts/bench-store made it) set up as `clinic init` does, with the bench's
    /// clinic user.
    private func make(_ database: String) async throws {
        let store = try await ClinicStore.connect(to: address(database), requiringSchema: false)
        _ = try await store.initialize()
        _ = try await store.addUser(author, transcriptionist: false)
        _ = try await store.addUser(reader, transcriptionist: false)
    }

    /// Adds `count` generated reports, each in a transaction of its own as the station adds them, over
    /// `fillers` connections at once; the rate of adds per second.
    private func fill(_ database: String, count: Int) async throws -> Double {
        let start = clock.now
        let workers = min(fillers, max(1, count / 100))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    let store = try await ClinicStore.connect(to: address(database), actingAs: author)
                    var generator = GeneratedReports()
                    for index in 0..<count {
                        let report = generator.report(index)
                        if index % workers == worker { _ = try await store.add(report) }
                    }
                }
            }
            try await group.waitForAll()
        }
        return Double(count) / seconds(start.duration(to: clock.now))
    }

    private func openAndReadFirstScreen(_ database: String) async throws {
        let store = try await ClinicStore.connect(to: address(database), actingAs: author)
        let rows = try await store.reports(search: nil, limit: screenRows, offset: 0)
        precondition(rows.count == screenRows, "the first screen came back short")
    }

    /// The median time of a search as the clinic user, and how many rows (up to a screen) it found.
    private func search(_ database: String, _ query: String) async throws -> (Duration, Int) {
        let store = try await ClinicStore.connect(to: address(database), actingAs: author)
        let hits = try await store.reports(search: query, limit: screenRows, offset: 0).count
        let time = try await measure { _ = try await store.reports(search: query, limit: screenRows, offset: 0) }
        return (time, hits)
    }
}
