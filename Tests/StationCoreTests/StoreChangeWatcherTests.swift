import Foundation
import StationCore
import StationTestSupport
import Testing

/// A store whose changes elsewhere the test decides.
private final class FakeObservedStore: ReportStoreObserving, @unchecked Sendable {
    let pendingChange = Locked(false)
    let polls = Locked(0)

    func hasChangedElsewhere() async throws -> Bool {
        polls.withLock { $0 += 1 }
        return pendingChange.withLock { changed in
            defer { changed = false }
            return changed
        }
    }
}

@Suite("Store change watcher")
@MainActor
struct StoreChangeWatcherTests {
    @Test("polls every half second and yields only after a poll that found a change")
    func polls() async throws {
        let clock = ManualClock()
        let store = FakeObservedStore()
        let changes = StoreChangeWatcher.changes(of: store, clock: clock)
        let seen = Locked(0)
        let reader = Task {
            for await _ in changes { seen.withLock { $0 += 1 } }
        }
        #expect(await eventually { clock.sleeperCount == 1 })
        clock.advance(by: .milliseconds(500))
        #expect(await eventually { store.polls.current == 1 && clock.sleeperCount == 1 })
        #expect(seen.current == 0, "no change, nothing yielded")

        store.pendingChange.withLock { $0 = true }
        clock.advance(by: .milliseconds(499))
        #expect(store.polls.current == 1, "not polled before the interval is over")
        clock.advance(by: .milliseconds(1))
        #expect(await eventually { seen.current == 1 })
        reader.cancel()
    }

    @Test("stops polling when the consumer goes away")
    func stops() async throws {
        let clock = ManualClock()
        let store = FakeObservedStore()
        var changes: AsyncStream<Void>? = StoreChangeWatcher.changes(of: store, clock: clock)
        #expect(await eventually { clock.sleeperCount == 1 })
        #expect(changes != nil)
        changes = nil
        #expect(await eventually { clock.sleeperCount == 0 })
    }
}
