import Foundation
import StationCore

/// The time from one station's send to the other station seeing the report in its list, the way a
/// station learns of it (`StoreChangeWatcher`, as `BackgroundWork` runs it): SQLite by its poll (every
/// 500 ms, the station's), the clinic store by LISTEN/NOTIFY with its 10 s poll under it. Each run sends
/// one report from one connection and waits on another until a change it is told of shows that report
/// on the first screen; a pause of a varying length between runs spreads the sends over the poll's period.
struct ChangeArrival {
    /// How many sends are measured.
    static let runs = 12

    /// Medians and the slowest: from the send's start to the other's list showing it, and the send
    /// itself (to its commit).
    struct Figures {
        var seen: [Duration]
        var commit: [Duration]

        var line: String {
            String(
                format: "median %7.1f ms, slowest %7.1f ms (the send itself: median %6.1f ms)",
                seconds(median(seen)) * 1000, seconds(seen.max() ?? .zero) * 1000, seconds(median(commit)) * 1000)
        }
    }

    /// Sends `runs` reports with `sender` and times each until `other`'s first screen shows it.
    static func measure(
        sender: any ReportStore, other: any ReportStore & ReportStoreObserving, notices: AsyncStream<Void>?,
        poll: Duration, firstIndex: Int
    ) async throws -> Figures {
        _ = try await other.hasChangedElsewhere()  // the first look only takes note
        let changes = StoreChangeWatcher.changes(of: other, notices: notices, clock: SystemClock(), every: poll)
        var arrivals = changes.makeAsyncIterator()
        var generator = GeneratedReports(seed: 0xA11)
        var figures = Figures(seen: [], commit: [])
        for run in 0..<runs {
            // Sends fall at different points of the poll's period (0, 137, 274, … ms after a look).
            try await Task.sleep(for: .milliseconds((run * 137) % 500))
            let start = clock.now
            let sent = try await sender.add(generator.report(firstIndex + run))
            let committed = clock.now
            while true {
                guard await arrivals.next() != nil else { throw ArrivalStopped() }
                let shown = try await other.reports(ReportQuery(), limit: screenRows, offset: 0)
                if shown.contains(where: { $0.id == sent.id }) { break }
            }
            figures.seen.append(start.duration(to: clock.now))
            figures.commit.append(start.duration(to: committed))
        }
        return figures
    }

    struct ArrivalStopped: Error {}
}
