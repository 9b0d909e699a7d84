import Foundation
import StationCore
import StationTestSupport
import Testing

/// A discard from the control socket is asked about by no one, and a foot pedal is pressed by mistake:
/// the audio stays for the grace period and the dictation can be brought back.
@MainActor
@Suite("A discard from the control socket can be undone during its grace period")
struct ControlDiscardTests {
    /// A paused dictation of five seconds in "Bed 4 – Mr Okafor".
    func pausedDictation(_ fixture: StationFixture) async -> DictationSession {
        let session = fixture.makeSession(named: "Bed 4 – Mr Okafor")
        fixture.station.perform(.toggle)
        fixture.clock.advance(by: .seconds(5))
        fixture.station.perform(.toggle)
        await session.settle()
        return session
    }

    @Test("the audio is kept, and a notice names the undo key, until the grace period is over")
    func expiry() async throws {
        let fixture = StationFixture()
        let session = await pausedDictation(fixture)
        let audio = try #require(session.audioFile)
        let outcome = fixture.station.perform(.discard)
        #expect(outcome.succeeded)
        #expect(outcome.message.contains("ctl undo"))
        #expect(session.state == .notRecording)
        #expect(fixture.station.canUndoDiscard)
        let notice = try #require(fixture.station.notifier.notifications.first)
        #expect(notice.message.contains("Press U within 30 s"))
        #expect(notice.message.contains("Bed 4 – Mr Okafor"))
        await session.settle()
        fixture.clock.advance(by: .milliseconds(29_999))
        await session.settle()
        #expect(fixture.removedAudio.current.isEmpty, "kept for 30 s")
        #expect(fixture.station.notifier.notifications.contains { $0.id == notice.id })
        fixture.clock.advance(by: .milliseconds(1))
        #expect(await eventually { fixture.removedAudio.current == [audio] })
        #expect(!fixture.station.canUndoDiscard)
        #expect(!fixture.station.notifier.notifications.contains { $0.id == notice.id })
        #expect(!fixture.station.perform(.undo).succeeded)
    }

    @Test("undo brings the dictation back paused with its audio and time, and it goes on into the same file")
    func undo() async throws {
        let fixture = StationFixture()
        let session = await pausedDictation(fixture)
        let audio = try #require(session.audioFile)
        fixture.station.perform(.discard)
        fixture.clock.advance(by: .seconds(10))
        let outcome = fixture.station.undoDiscard()
        #expect(outcome.succeeded, "\(outcome.message)")
        #expect(session.state == .paused)
        #expect(session.audioFile == audio)
        #expect(session.elapsed == .seconds(5))
        #expect(!fixture.station.canUndoDiscard)
        #expect(fixture.station.notifier.notifications.first?.message.hasPrefix("Brought back") == true)
        // Past the grace period nothing is removed: the dictation is alive again.
        fixture.clock.advance(by: .seconds(60))
        await session.settle()
        #expect(fixture.removedAudio.current.isEmpty)
        fixture.station.perform(.toggle)
        #expect(session.state == .recording)
        fixture.station.perform(.toggle)
        #expect(fixture.station.perform(.send).succeeded)
        await session.settle()
        #expect(fixture.reports.all.count == 1)
        #expect(fixture.log.calls.contains("start \(audio.lastPathComponent) appending"))
    }

    @Test("undo is refused once the session holds another dictation, and the old audio still goes")
    func undoAfterANewDictation() async throws {
        let fixture = StationFixture()
        let session = await pausedDictation(fixture)
        let old = try #require(session.audioFile)
        fixture.station.perform(.discard)
        fixture.station.perform(.toggle)
        let new = try #require(session.audioFile)
        let refused = fixture.station.undoDiscard()
        #expect(!refused.succeeded)
        #expect(refused.message.contains("holds another dictation"))
        #expect(session.state == .recording)
        #expect(session.audioFile == new)
        fixture.clock.advance(by: .seconds(30))
        #expect(await eventually { fixture.removedAudio.current == [old] })
    }

    @Test("a discard at the keys removes the audio at once, as before")
    func keysDiscardAtOnce() async throws {
        let fixture = StationFixture()
        let session = await pausedDictation(fixture)
        let audio = try #require(session.audioFile)
        #expect(fixture.station.discard().succeeded)
        await session.settle()
        #expect(fixture.removedAudio.current == [audio])
        #expect(!fixture.station.canUndoDiscard)
    }

    @Test("a station that shuts down removes the audio still kept")
    func shutDown() async throws {
        let fixture = StationFixture()
        let session = await pausedDictation(fixture)
        let audio = try #require(session.audioFile)
        fixture.station.perform(.discard)
        await fixture.station.removeKeptDiscards()
        #expect(fixture.removedAudio.current == [audio])
        #expect(!fixture.station.canUndoDiscard)
    }
}

@MainActor
@Suite("Every command from the control socket leaves a notice on the screen")
struct ControlNoticeTests {
    @Test("a command that works and one that is refused are both noticed; status is not")
    func notices() async {
        let fixture = StationFixture()
        _ = fixture.makeSession(named: "Room 12")
        let notifier = fixture.station.notifier
        fixture.station.perform(.toggle)
        // A sentence, its time in full units: a screen reader reads "0 seconds", not "00:00".
        #expect(notifier.recent.first?.message == "Control socket: toggle — Room 12: recording, 0 seconds.")
        #expect(notifier.recent.first?.kind == .info)
        fixture.station.perform(.send)
        #expect(
            notifier.recent.first?.message
                == "Control socket: send refused: Nothing paused to send: pause the recording first.")
        #expect(notifier.recent.first?.kind == .warning)
        fixture.station.perform(.select("Nobody"))
        #expect(notifier.recent.first?.message.contains("There is no session named \"Nobody\"") == true)
        let count = notifier.recent.count
        fixture.station.perform(.status)
        #expect(notifier.recent.count == count, "a status bar asks every second")
    }
}

@MainActor
@Suite("ctl select finds a session as a person types it")
struct SessionLookupTests {
    let names = ["Bed 4 – Mr Okafor", "Bed 12 — Mrs Jansen", "Bed 40", "Ward round"]

    func lookup(_ query: String) -> (StationFixture, CommandOutcome) {
        let fixture = StationFixture()
        for name in names { _ = fixture.makeSession(named: name) }
        return (fixture, fixture.station.selectSession(matching: query))
    }

    @Test(
        "ignoring case and dash style, and by a prefix only one session has",
        arguments: [
            ("bed 4 - mr okafor", "Bed 4 – Mr Okafor"), ("BED 4 — MR OKAFOR", "Bed 4 – Mr Okafor"),
            ("Bed 4 –", "Bed 4 – Mr Okafor"), ("Bed 12 - mrs", "Bed 12 — Mrs Jansen"), ("ward", "Ward round"),
            ("Bed 40", "Bed 40"), ("Bed 4", "Bed 4 – Mr Okafor"), ("bed 1", "Bed 12 — Mrs Jansen"),
        ])
    func found(_ query: String, _ name: String) {
        let (fixture, outcome) = lookup(query)
        #expect(outcome.succeeded, "\(outcome.message)")
        #expect(fixture.station.selected?.name == name)
    }

    @Test("a prefix several sessions have is refused, naming them")
    func ambiguous() {
        let (fixture, outcome) = lookup("bed")
        let before = fixture.station.selectedID
        #expect(!outcome.succeeded)
        #expect(
            outcome.message
                == #""bed" fits 3 sessions: "Bed 4 – Mr Okafor", "Bed 12 — Mrs Jansen", "Bed 40". Type more of the name."#
        )
        #expect(fixture.station.selectedID == before)
    }

    @Test("a name that fits no session is refused")
    func none() {
        let (_, outcome) = lookup("Bed 7")
        #expect(!outcome.succeeded)
        #expect(outcome.message == #"There is no session named "Bed 7"."#)
    }

    @Test("the rule alone: an exact name wins over a longer one it begins")
    func exactWins() {
        let a = SessionID.make()
        let b = SessionID.make()
        #expect(SessionLookup.find("Bed 4", in: [(a, "Bed 4"), (b, "Bed 4 – Mr Okafor")]) == .found(a))
        #expect(SessionLookup.find("  ", in: [(a, "Bed 4")]) == .none)
    }
}
