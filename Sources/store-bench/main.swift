import Foundation
import SQLiteStore
import StationCore

// Measures the report stores: inserts per second, opening the store and reading the first screen of
// the list, and full-text searches, on a large store and a small reference one; then the time from one
// station's send to another station's list showing the report. SQLite always; the
// clinic store (PostgreSQL) too when a server is given, in the same run, so the figures stand side by side.
//
//   store-bench [REPORTS]    default 100000; the reference stores hold 1000
//   DICTATION_STATION_BENCH_PGHOST, DICTATION_STATION_BENCH_PGPORT: a PostgreSQL server this process may
//   administer (scripts/bench-store starts a private one)

let reportCount = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let referenceCount = 1_000
let queries = ["jansen", "ozdemir", "phys", "oxygen saturation"]
let root = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: root) }

func paths(_ name: String) -> StationPaths { StationPaths(dataDirectory: root.appendingPathComponent(name)) }

print("store-bench: SQLite \(SQLiteLibrary.version), \(reportCount) reports, reference \(referenceCount)")
let large = paths("large")
let reference = paths("reference")
let fillStart = clock.now
let rates = try await fill(large, count: reportCount, single: 2_000)
print(String(format: "SQLite: generated %d reports in %.1f s", reportCount, seconds(fillStart.duration(to: clock.now))))
_ = try await fill(reference, count: referenceCount, single: 0)
print(String(format: "SQLite inserts, one transaction each (synchronous=FULL): %8.0f /s", rates.single))
print(String(format: "SQLite inserts, batches of 5000 in one transaction:      %8.0f /s", rates.batched))

var sqlite: [Figure] = []
sqlite.append(
    Figure(
        label: "open + first screen (\(screenRows) rows)",
        large: try await measure { try await openAndReadFirstScreen(large) },
        reference: try await measure { try await openAndReadFirstScreen(reference) }, hits: screenRows))
for query in queries {
    let (largeTime, hits) = try await search(large, query)
    sqlite.append(
        Figure(
            label: "search \"\(query)\"", large: largeTime, reference: try await search(reference, query).0, hits: hits)
    )
}

// One station sends, another sees it in its list: two connections to the large store, the other told of
// changes by its poll, as the station is on SQLite.
let sqliteArrival = try await ChangeArrival.measure(
    sender: try await StationDatabase.open(large), other: try await StationDatabase.open(large), notices: nil,
    poll: .milliseconds(500), firstIndex: reportCount)

let environment = ProcessInfo.processInfo.environment
if let host = environment["DICTATION_STATION_BENCH_PGHOST"], let port = environment["DICTATION_STATION_BENCH_PGPORT"] {
    let postgres = try await PostgresBench(host: host, port: port).run()
    printTable(sqlite: sqlite, postgres: postgres.figures)
    printArrival(sqlite: sqliteArrival, postgres: postgres.arrival)
} else {
    printTable(sqlite: sqlite, postgres: nil)
    printArrival(sqlite: sqliteArrival, postgres: nil)
    print("PostgreSQL: not measured (no DICTATION_STATION_BENCH_PGHOST; scripts/bench-store starts a server)")
}
