import Foundation
import SQLiteStore
import StationCore

// Measures the report store: inserts per second, opening the database and reading the first screen
// of the list, and a full-text search, on a large database and on a small reference one.
//
//   store-bench [REPORTS]    default 100000; the reference database holds 1000

let clock = ContinuousClock()
let reportCount = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let referenceCount = 1_000
let repetitions = 15
let screenRows = 40
let root = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: root) }

func paths(_ name: String) -> StationPaths { StationPaths(dataDirectory: root.appendingPathComponent(name)) }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ samples: [Duration]) -> Duration { samples.sorted()[samples.count / 2] }

func milliseconds(_ duration: Duration) -> String { String(format: "%8.2f ms", seconds(duration) * 1000) }

/// Fills a database: the first `single` reports one transaction each (as the station stores them),
/// the rest in batches. Returns the rates of both.
func fill(_ paths: StationPaths, count: Int, single: Int) async throws -> (single: Double, batched: Double) {
    var generator = GeneratedReports()
    let database = try await StationDatabase.open(paths)
    let singleStart = clock.now
    for index in 0..<min(single, count) { _ = try await database.add(generator.report(index)) }
    let singleRate = Double(min(single, count)) / seconds(singleStart.duration(to: clock.now))
    let batchStart = clock.now
    var index = min(single, count)
    while index < count {
        let end = min(count, index + 5_000)
        _ = try await database.addAll((index..<end).map { generator.report($0) })
        index = end
    }
    let batched = count - min(single, count)
    return (singleRate, batched > 0 ? Double(batched) / seconds(batchStart.duration(to: clock.now)) : 0)
}

/// The median time of `body` over the repetitions, after one warm-up run.
func measure(_ body: () async throws -> Void) async throws -> Duration {
    try await body()
    var samples: [Duration] = []
    for _ in 0..<repetitions {
        let start = clock.now
        try await body()
        samples.append(start.duration(to: clock.now))
    }
    return median(samples)
}

func openAndReadFirstScreen(_ paths: StationPaths) async throws {
    let database = try await StationDatabase.open(paths)
    let rows = try await database.reports(search: nil, limit: screenRows, offset: 0)
    precondition(rows.count == screenRows, "the first screen came back short")
}

func search(_ paths: StationPaths, _ query: String) async throws -> Duration {
    let database = try await StationDatabase.open(paths)
    return try await measure {
        let rows = try await database.reports(search: query, limit: screenRows, offset: 0)
        precondition(!rows.isEmpty, "the search for \(query) found nothing")
    }
}

print("store-bench: SQLite \(SQLiteLibrary.version), \(reportCount) reports, reference \(referenceCount)")
let large = paths("large")
let reference = paths("reference")
let fillStart = clock.now
let rates = try await fill(large, count: reportCount, single: 2_000)
print(String(format: "generated %d reports in %.1f s", reportCount, seconds(fillStart.duration(to: clock.now))))
_ = try await fill(reference, count: referenceCount, single: 0)
print(String(format: "inserts, one transaction each (synchronous=FULL): %8.0f /s", rates.single))
print(String(format: "inserts, batches of 5000 in one transaction:      %8.0f /s", rates.batched))

print("medians of \(repetitions) runs          \(reportCount) reports   \(referenceCount) reports   ratio")
func row(_ label: String, _ measured: Duration, _ base: Duration) {
    let padded = label.padding(toLength: 32, withPad: " ", startingAt: 0)
    print(
        "\(padded) \(milliseconds(measured))   \(milliseconds(base))   \(String(format: "%6.1f×", seconds(measured) / seconds(base)))"
    )
}
row(
    "open + first screen (\(screenRows) rows)", try await measure { try await openAndReadFirstScreen(large) },
    try await measure { try await openAndReadFirstScreen(reference) })
for query in ["jansen", "ozdemir", "phys", "oxygen saturation"] {
    row("search \"\(query)\"", try await search(large, query), try await search(reference, query))
}
