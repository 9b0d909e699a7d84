import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("The recording timer")
struct TimerTests {
    /// Advances the clock once the session's ticker sleeps on it, then lets the ticker publish.
    private func advance(_ fixture: StationFixture, by step: Duration) async {
        #expect(await eventually { fixture.clock.sleeperCount >= 1 }, "the ticker sleeps on the injected clock")
        fixture.clock.advance(by: step)
    }

    @Test("republishes the elapsed time once per second while recording")
    func ticks() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        #expect(session.elapsed == .zero)
        for second in 1...5 {
            await advance(fixture, by: .seconds(1))
            #expect(await eventually { session.elapsed == .seconds(second) })
        }
        #expect(ElapsedTimeFormat.string(for: session.elapsed) == "00:05")
    }

    @Test("does not republish within a second")
    func noRepublishWithinSecond() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        await advance(fixture, by: .milliseconds(999))
        await Task.yield()
        #expect(session.elapsed == .zero)
        #expect(session.measuredElapsed == .milliseconds(999), "measured on demand, exact")
    }

    @Test("folds a stretch into the total at pause and stops while paused")
    func foldsAtPause() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        await advance(fixture, by: .milliseconds(2_500))
        session.pressMainAction()
        #expect(session.state == .paused)
        #expect(session.elapsed == .milliseconds(2_500), "exact at the transition")
        fixture.clock.advance(by: .seconds(60))
        #expect(session.measuredElapsed == .milliseconds(2_500), "paused time does not count")
        session.pressMainAction()
        await advance(fixture, by: .milliseconds(500))
        #expect(await eventually { session.elapsed == .seconds(3) }, "the next tick comes on the whole second")
        session.pressMainAction()
        #expect(session.elapsed == .seconds(3))
    }

    @Test("does not drift over an hour, however late the ticks come")
    func noDrift() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        var total = Duration.zero
        var step = 0
        while total < .seconds(3600) {
            step += 1
            // Late wake-ups of varying size: counting ticks would lose time here.
            let lateness: Duration = .milliseconds(step % 7 == 0 ? 1_900 : 1_000 + (step % 5) * 37)
            let next = min(lateness, .seconds(3600) - total)
            await advance(fixture, by: next)
            total += next
            #expect(await eventually { session.elapsed.components.seconds == total.components.seconds })
        }
        #expect(session.measuredElapsed == .seconds(3600))
        #expect(ElapsedTimeFormat.string(for: session.elapsed) == "1:00:00")
        session.pressMainAction()
        #expect(session.elapsed == .seconds(3600))
    }

    @Test("a new recording starts again from zero")
    func resetsAfterSend() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        await advance(fixture, by: .seconds(3))
        session.pressMainAction()
        session.pressSend()
        await session.settle()
        #expect(session.elapsed == .zero)
        session.pressMainAction()
        #expect(session.measuredElapsed == .zero)
    }
}

@Suite("Elapsed time format and stopwatch")
struct ElapsedTimeFormatTests {
    @Test(
        "formats mm:ss below an hour and h:mm:ss past it",
        arguments: [
            (Duration.zero, "00:00"), (.milliseconds(999), "00:00"), (.seconds(59), "00:59"), (.seconds(60), "01:00"),
            (.seconds(3599), "59:59"), (.seconds(3600), "1:00:00"), (.seconds(36_061), "10:01:01"),
        ])
    func format(_ duration: Duration, _ expected: String) {
        #expect(ElapsedTimeFormat.string(for: duration) == expected)
    }

    @Test("the stopwatch adds stretches measured from their anchors")
    func stopwatch() {
        var watch = Stopwatch()
        watch.start(at: .seconds(10))
        #expect(watch.elapsed(at: .seconds(12)) == .seconds(2))
        watch.stop(at: .seconds(13))
        #expect(watch.elapsed(at: .seconds(100)) == .seconds(3))
        watch.start(at: .seconds(100))
        watch.start(at: .seconds(150))
        #expect(watch.elapsed(at: .seconds(101)) == .seconds(4), "a second start keeps the first anchor")
        watch.reset()
        #expect(watch.elapsed(at: .seconds(200)) == .zero)
    }
}
