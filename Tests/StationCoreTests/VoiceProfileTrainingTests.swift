import Foundation
import StationCore
import StationTestSupport
import Testing

/// The station asks for its author's voice profile to be retrained after they correct or sign their
/// reports (once the corrections pause, on the injected clock), one request at a time, and tells them
/// what came of it without nagging. The desk decides when to ask (`ReportDeskTests`); the station
/// delivers the requests batched.
@MainActor
@Suite("Voice profile training after corrections")
struct VoiceProfileTrainingTests {
    let training = FakeVoiceProfileTraining()

    func fixture(author: String? = "alice") -> StationFixture {
        StationFixture(author: author, voiceProfiles: training)
    }

    func report(_ id: Int64, author: String? = "alice", locale: String = "en-US") -> Report {
        Report(
            id: id, sessionName: "Ward round", locale: locale, created: Date(timeIntervalSince1970: 1_800_000_000),
            audioDuration: .seconds(5), audioFile: URL(fileURLWithPath: "/audio/\(id).wav"),
            originalText: "as decoded", text: "as corrected", status: .corrected, author: author)
    }

    /// The request the desk makes after `report`'s author corrected or signed it.
    func reviewed(_ report: Report, in fixture: StationFixture) {
        fixture.station.requestTraining(author: report.author ?? "", locale: report.locale)
    }

    /// Reviews `report`, lets the quiet period pass and waits for the request's outcome. The clock
    /// moves until the request goes out: the worker may not be asleep on it yet.
    func review(_ report: Report, in fixture: StationFixture) async {
        let before = training.calls.count
        reviewed(report, in: fixture)
        for _ in 0..<1_000 where training.calls.count == before {
            fixture.clock.advance(by: .seconds(1))
            await Task.yield()
        }
        await fixture.station.settleVoiceProfiles()
    }

    @Test("a correction asks once the corrections pause, and the outcome becomes a notification")
    func updatedProfile() async {
        let fixture = fixture()
        training.answer(.updated(locale: "en-US", before: 20.94, after: 6.08, heldBack: 8))
        reviewed(report(1), in: fixture)
        #expect(await eventually { fixture.clock.sleeperCount == 1 })
        fixture.clock.advance(by: .milliseconds(2_999))
        await Task.yield()
        #expect(training.calls.isEmpty, "not while the author may still be correcting")
        fixture.clock.advance(by: .milliseconds(1))
        await fixture.station.settleVoiceProfiles()
        #expect(training.calls == ["alice en-US"])
        let notice = fixture.station.notifier.notifications.first
        #expect(notice?.kind == .info)
        #expect(
            notice?.message == "Voice profile (en-US) updated: 20.9 % → 6.1 % word errors on your 8 latest dictations.")
        #expect(fixture.diagnostics.entries.contains { $0.contains("voice profile (en-US): updated") })
    }

    @Test("a burst of corrections makes one request; corrections while it runs make one more")
    func oneAtATime() async {
        let fixture = fixture()
        for id in 1...4 {
            reviewed(report(Int64(id)), in: fixture)
            fixture.clock.advance(by: .seconds(1))
            await Task.yield()
        }
        #expect(training.calls.isEmpty, "each correction restarts the quiet period")
        training.hold()
        fixture.clock.advance(by: .seconds(3))
        #expect(await eventually { training.heldCount == 1 })
        reviewed(report(5), in: fixture)
        reviewed(report(6), in: fixture)
        #expect(training.calls.count == 1, "no second request while one runs")
        training.release()
        #expect(await eventually { fixture.clock.sleeperCount == 1 })
        fixture.clock.advance(by: .seconds(3))
        await fixture.station.settleVoiceProfiles()
        #expect(training.calls == ["alice en-US", "alice en-US"])
    }

    @Test("each locale corrected is asked for")
    func locales() async {
        let fixture = fixture()
        reviewed(report(1, locale: "en-US"), in: fixture)
        reviewed(report(2, locale: "de-DE"), in: fixture)
        #expect(await eventually { fixture.clock.sleeperCount == 1 })
        fixture.clock.advance(by: .seconds(3))
        await fixture.station.settleVoiceProfiles()
        #expect(training.calls == ["alice de-DE", "alice en-US"])
    }

    @Test("another author's report, or a station that does not know its author, asks nothing")
    func othersNever() async throws {
        let fixture = fixture()
        let desk = ReportDesk(
            store: fixture.reports, claims: ProcessLocalEditLocks(), training: fixture.station, clock: fixture.clock,
            user: "alice")
        let anonymous = self.fixture(author: nil)
        let anonymousDesk = ReportDesk(
            store: anonymous.reports, claims: ProcessLocalEditLocks(), training: anonymous.station,
            clock: anonymous.clock, user: nil)
        for (store, author) in [(fixture.reports, "bob"), (fixture.reports, nil), (anonymous.reports, nil)] {
            _ = try await store.add(
                NewReport(
                    sessionName: "Ward round", locale: "en-US", created: fixture.clock.wallTime,
                    audioDuration: .seconds(5), audioFile: nil, text: "as decoded", author: author))
        }
        _ = try await desk.save(1, text: "bob's, corrected by alice")
        _ = try await desk.sign(1, after: ReportReading(showing: try await desk.report(1)))
        _ = try await desk.save(2, text: "from before authors, corrected")
        _ = try await anonymousDesk.save(1, text: "corrected at a station that does not know its user")
        fixture.clock.advance(by: .seconds(10))
        anonymous.clock.advance(by: .seconds(10))
        await fixture.station.settleVoiceProfiles()
        await anonymous.station.settleVoiceProfiles()
        #expect(training.calls.isEmpty)
        #expect(fixture.station.notifier.recent.isEmpty)
    }

    @Test("progress toward a first profile is said when it first shows and then once per quarter of the way")
    func progressWithoutNagging() async {
        let fixture = fixture()
        var said: [String] = []
        for usable in [1, 2, 6, 7, 8, 13, 19, 24] {
            training.answer(.collecting(locale: "en-US", usable: usable, needed: 25))
            let before = fixture.station.notifier.recent.count
            await review(report(Int64(usable)), in: fixture)
            if fixture.station.notifier.recent.count > before {
                said.append(fixture.station.notifier.recent[0].message)
            }
        }
        #expect(
            said
                == [1, 7, 13, 19].map {
                    "Voice profile (en-US): \(25 - $0) more corrected dictations needed before it learns your voice "
                        + "(\($0) of 25 so far)."
                })
        var notices = VoiceProfileNotices()
        #expect(
            notices.notice(for: .collecting(locale: "en-US", usable: 24, needed: 25), author: "alice")?.message
                == "Voice profile (en-US): 1 more corrected dictation needed before it learns your voice (24 of 25 so far)."
        )
    }

    @Test("a profile not kept is said with both figures; a failure is a warning with its cause; not due is silent")
    func otherOutcomes() async {
        let fixture = fixture()
        training.answer(
            .kept(locale: "en-US", current: 6.1, candidate: 7.26, heldBack: 10), .notDue,
            .failed(locale: "en-US", reason: "bw failed (exit status 1)"))
        for id in 1...3 { await review(report(Int64(id)), in: fixture) }
        let messages = fixture.station.notifier.recent.map { "\($0.kind): \($0.message)" }
        #expect(
            messages == [
                "warning: Voice profile (en-US) not trained: bw failed (exit status 1). Dictation is unaffected; it is "
                    + "tried again later.",
                "info: Voice profile (en-US) kept: the new one was not better (7.3 % against 6.1 % word errors on your "
                    + "10 latest dictations).",
            ])
    }

    @Test("reports left out and new words are told in the strip, each once, and never in the log")
    func leftOutAndNewWords() async {
        let fixture = fixture()
        let notes = TrainingNotes(
            leftOut: [
                LeftOutReport(report: 12, reason: .unsayable, word: "covid19"),
                LeftOutReport(report: 15, reason: .noRecording),
            ],
            newWords: [NewWord(word: "physiotherapist", phones: ["F", "IH", "Z"])])
        training.answer(
            .noted(.updated(locale: "en-US", before: 20.94, after: 6.08, heldBack: 8), notes),
            .noted(.kept(locale: "en-US", current: 6.1, candidate: 7.2, heldBack: 9), notes))
        await review(report(1), in: fixture)
        let messages = fixture.station.notifier.recent.reversed().map { "\($0.kind): \($0.message)" }
        #expect(
            messages == [
                "info: Voice profile (en-US) updated: 20.9 % → 6.1 % word errors on your 8 latest dictations.",
                "warning: Voice profile (en-US): 2 corrected reports left out of training: report 12: no pronunciation "
                    + "for “covid19”: give one with vocabulary add covid19 \"PHONES\"; report 15: its recording is gone.",
                "info: Voice profile (en-US): 1 new word trained as flite says it: physiotherapist. To have it "
                    + "recognized: vocabulary add WORD.",
            ])
        await review(report(2), in: fixture)
        #expect(fixture.station.notifier.recent.count == 4, "the same reports and words are not said again")
        let log = fixture.diagnostics.entries.joined(separator: "\n")
        #expect(!log.contains("covid19") && !log.contains("physiotherapist"), "\(log)")
        #expect(log.contains("2 report(s) left out, 1 new word(s)"))
    }
}
