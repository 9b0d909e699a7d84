import Foundation
import SQLiteStore
import StationCore

let clock = ContinuousClock()
let repetitions = 15
let screenRows = 40

/// One line of the table: a median on the large store and on the reference store, and how many rows a
/// search found on the large one (at most a screen).
struct Figure {
    var label: String
    var large: Duration
    var reference: Duration
    var hits: Int
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ samples: [Duration]) -> Duration { samples.sorted()[samples.count / 2] }

func milliseconds(_ duration: Duration) -> String { String(format: "%8.2f ms", seconds(duration) * 1000) }

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

func openAndReadFirstScreen(_ paths: StationPaths) async throws {
    let database = try await StationDatabase.open(paths)
    let rows = try await database.reports(search: nil, limit: screenRows, offset: 0)
    precondition(rows.count == screenRows, "the first screen came back short")
}

/// The median time of a search, and how many rows (up to a screen) it found.
func search(_ paths: StationPaths, _ query: String) async throws -> (Duration, Int) {
    let database = try await StationDatabase.open(paths)
    let hits = try await database.reports(search: query, limit: screenRows, offset: 0).count
    precondition(hits > 0, "the search for \(query) found nothing")
    let time = try await measure { _ = try await database.reports(search: query, limit: screenRows, offset: 0) }
    return (time, hits)
}

/// The send-to-the-other-station figures of both stores.
func printArrival(sqlite: ChangeArrival.Figures, postgres: ChangeArrival.Figures?) {
    print("send → the other station's list shows it, \(ChangeArrival.runs) sends at \(reportCount) reports:")
    print("  SQLite, polled every 500 ms:                 \(sqlite.line)")
    if let postgres { print("  PostgreSQL, LISTEN/NOTIFY (10 s poll under): \(postgres.line)") }
}

/// SQLite's figures, and PostgreSQL's beside them when measured, with the goals at the large size.
func printTable(sqlite: [Figure], postgres: [Figure]?) {
    let large = "\(reportCount)"
    let small = "\(referenceCount)"
    var header = "medians of \(repetitions) runs".padding(toLength: 32, withPad: " ", startingAt: 0)
    header += "  SQLite \(large)  SQLite \(small)   ratio  hits"
    if postgres != nil { header += "   PostgreSQL \(large)  PostgreSQL \(small)   ratio  hits   PG/SQLite" }
    print(header)
    for (index, figure) in sqlite.enumerated() {
        var line = figure.label.padding(toLength: 32, withPad: " ", startingAt: 0)
        line += "  \(milliseconds(figure.large).padding(toLength: 13, withPad: " ", startingAt: 0))"
        line += "  \(milliseconds(figure.reference).padding(toLength: 11, withPad: " ", startingAt: 0))"
        line += String(format: "  %6.1f×  %4d", seconds(figure.large) / seconds(figure.reference), figure.hits)
        if let other = postgres?[index] {
            line += "   \(milliseconds(other.large).padding(toLength: 17, withPad: " ", startingAt: 0))"
            line += "  \(milliseconds(other.reference).padding(toLength: 15, withPad: " ", startingAt: 0))"
            line += String(format: "  %6.1f×  %4d", seconds(other.large) / seconds(other.reference), other.hits)
            line += String(format: "   %6.1f×", seconds(other.large) / seconds(figure.large))
        }
        print(line)
    }
    func verdict(_ figures: [Figure]) -> String {
        let screen = figures[0].large <= .milliseconds(100)
        let searches = figures.dropFirst().allSatisfy { $0.large <= .milliseconds(20) }
        return "first screen ≤ 100 ms: \(screen ? "met" : "NOT met"); searches ≤ 20 ms: \(searches ? "met" : "NOT met")"
    }
    print("goals at \(large) reports, SQLite: \(verdict(sqlite))")
    if let postgres { print("goals at \(large) reports, PostgreSQL: \(verdict(postgres))") }
}
