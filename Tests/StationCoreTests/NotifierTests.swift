import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Notifier")
struct NotifierTests {
    @Test("keeps the newest first")
    func newestFirst() {
        let notifier = Notifier(clock: ManualClock())
        notifier.info("one")
        notifier.warning("two")
        notifier.error("three")
        #expect(notifier.notifications.map(\.message) == ["three", "two", "one"])
        #expect(notifier.notifications.map(\.kind) == [.error, .warning, .info])
    }

    @Test("each notification dismisses itself after its kind's delay on the injected clock")
    func expiry() async {
        let clock = ManualClock()
        let notifier = Notifier(
            clock: clock, lifetimes: [.info: .seconds(2), .warning: .seconds(4), .error: .seconds(8)])
        notifier.info("saved")
        notifier.warning("moved")
        notifier.error("failed")
        #expect(await eventually { clock.sleeperCount == 3 })
        clock.advance(by: .milliseconds(1_999))
        await Task.yield()
        #expect(notifier.notifications.count == 3)
        clock.advance(by: .milliseconds(1))
        #expect(await eventually { notifier.notifications.map(\.message) == ["failed", "moved"] })
        clock.advance(by: .seconds(2))
        #expect(await eventually { notifier.notifications.map(\.message) == ["failed"] })
        clock.advance(by: .seconds(4))
        #expect(await eventually { notifier.notifications.isEmpty })
    }

    @Test("keeps at most its capacity, dropping the oldest")
    func capacity() {
        let notifier = Notifier(clock: ManualClock(), capacity: 3)
        for number in 1...5 { notifier.info("\(number)") }
        #expect(notifier.notifications.map(\.message) == ["5", "4", "3"])
    }

    @Test("a dismissed notification goes at once and tells the screen")
    func dismiss() {
        let notifier = Notifier(clock: ManualClock())
        var changes = 0
        notifier.onChange = { changes += 1 }
        let id = notifier.post(.info, "hello")
        notifier.dismiss(id)
        #expect(notifier.notifications.isEmpty)
        #expect(changes == 2)
    }
}
