import Foundation
import StationCore
import StationTestSupport
import Testing

/// A dictation in which nothing was recognized is not stored silently: the session keeps it paused and
/// the person sends it anyway or discards it. A recording that hears only near-silence is flagged.
@MainActor
@Suite("No speech: the empty dictation asks, the quiet microphone is flagged")
struct NoSpeechTests {
    /// A session paused after `seconds` of recording, its dictation sent and found empty.
    func emptyDictation(_ fixture: StationFixture, seconds: Int64 = 2) async throws -> DictationSession {
        let session = fixture.makeSession(named: "Room 12")
        var asked: [String] = []
        fixture.station.onNoSpeech = { asked.append($0.name) }
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(seconds))
        session.pressMainAction()
        fixture.transcriber.answer("  \n")
        session.pressSend()
        await session.settle()
        #expect(asked == ["Room 12"], "the screen is told to ask")
        return session
    }

    @Test("no recognized word: no report, the dictation is paused again with its audio and the question")
    func asks() async throws {
        let fixture = StationFixture()
        let session = try await emptyDictation(fixture)
        #expect(fixture.reports.all.isEmpty, "nothing stored without asking")
        #expect(session.state == .paused)
        #expect(session.audioFile != nil)
        #expect(fixture.removedAudio.current.isEmpty)
        let found = try #require(session.noSpeech)
        #expect(found.recorded == .seconds(2))
        #expect(found.question == "No speech was recognized in 2 seconds — send anyway, or discard?")
        await fixture.station.settle()
        #expect(fixture.sessionStore.saved.first?.state == .paused, "kept across a restart")
        let ctl = fixture.station.send()
        #expect(!ctl.succeeded && ctl.message.contains("No speech was recognized"), "\(ctl.message)")
    }

    @Test("send anyway stores an empty report with the audio, without decoding again")
    func sendAnyway() async throws {
        let fixture = StationFixture()
        let session = try await emptyDictation(fixture)
        let file = try #require(session.audioFile)
        let decodes = fixture.log.calls.filter { $0.hasPrefix("transcribe") }.count
        #expect(fixture.station.sendWithoutSpeech(session.id).succeeded)
        await session.settle()
        #expect(session.state == .notRecording)
        #expect(session.noSpeech == nil)
        let report = try #require(fixture.reports.all.first)
        #expect(report.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(report.audioFile == file)
        #expect(fixture.log.calls.filter { $0.hasPrefix("transcribe") }.count == decodes)
    }

    @Test("discard after the question throws the audio away; resume records on and asks nothing more")
    func discardOrResume() async throws {
        let fixture = StationFixture()
        let session = try await emptyDictation(fixture)
        let file = try #require(session.audioFile)
        session.pressMainAction()
        #expect(session.state == .recording)
        #expect(session.noSpeech == nil)
        session.pressMainAction()
        #expect(!fixture.station.sendWithoutSpeech(session.id).succeeded, "nothing waits after a resume")
        session.pressDiscard()
        await session.settle()
        #expect(session.state == .notRecording)
        #expect(fixture.removedAudio.current == [file])
        #expect(fixture.reports.all.isEmpty)
    }

    @Test("a dictation with words is stored as before")
    func words() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(1))
        session.pressMainAction()
        fixture.transcriber.answer("period")
        session.pressSend()
        await session.settle()
        #expect(session.noSpeech == nil)
        #expect(fixture.reports.all.count == 1)
    }

    @Test("three seconds of near-silence since the start flag the recording; a word's level clears it for good")
    func quietInput() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room 12")
        session.pressMainAction()
        let capture = try #require(fixture.capture)
        capture.emit(AudioLevel(peak: 0.003, rms: 0.001))  // −60 dBFS
        fixture.clock.advance(by: .seconds(2))
        await settleTicks()
        #expect(!session.isInputVeryQuiet, "not yet")
        fixture.clock.advance(by: .seconds(1))
        #expect(await eventually { session.isInputVeryQuiet })
        capture.emit(AudioLevel(peak: 0.3, rms: 0.05))  // −26 dBFS: speech
        #expect(await eventually { !session.isInputVeryQuiet }, "the flag goes with the quiet")
        capture.emit(AudioLevel(peak: 0, rms: 0))
        fixture.clock.advance(by: .seconds(5))
        await settleTicks()
        #expect(!session.isInputVeryQuiet, "a pause to think after speech is not flagged")
    }

    @Test("pausing clears the flag; a new dictation watches again")
    func quietClearedByPause() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room 12")
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(3))
        #expect(await eventually { session.isInputVeryQuiet }, "no level at all is quiet too")
        session.pressMainAction()
        #expect(!session.isInputVeryQuiet)
        session.pressDiscard()
        session.pressMainAction()
        #expect(!session.isInputVeryQuiet)
        fixture.clock.advance(by: .seconds(3))
        #expect(await eventually { session.isInputVeryQuiet })
    }

    @Test("a paused dictation has no live level: levels that come while it is paused neither show nor flag it")
    func noLevelWhilePaused() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room 12")
        session.pressMainAction()
        let capture = try #require(fixture.capture)
        fixture.clock.advance(by: .seconds(3))
        #expect(await eventually { session.isInputVeryQuiet })
        session.pressMainAction()
        // The capture's last levels come after the pause, as from a busy capture thread.
        capture.emit(AudioLevel(peak: 0.003, rms: 0.001))
        capture.emit(AudioLevel(peak: 0.3, rms: 0.05))
        fixture.clock.advance(by: .seconds(3))
        await settleTicks()
        #expect(session.state == .paused)
        #expect(session.level == .silence, "a paused dictation shows no level")
        #expect(!session.isInputVeryQuiet, "the flag goes with the recording")
        // Nothing audible was heard while recording: resumed, it is watched afresh.
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(3))
        #expect(await eventually { session.isInputVeryQuiet })
    }

    @Test("levels an ended dictation's capture still holds count neither as the next dictation's level nor as heard")
    func lateLevelsOfAnEndedDictation() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room 12")
        session.pressMainAction()
        let first = try #require(fixture.capture)
        // Speech the first capture measured but the session has not taken yet; then discard and start
        // again at once (keys typed ahead, a foot pedal): the first capture's listener still has it.
        first.emit(AudioLevel(peak: 0.3, rms: 0.05))
        session.pressMainAction()
        session.pressDiscard()
        session.pressMainAction()
        let second = try #require(fixture.capture)
        #expect(second !== first, "a new dictation, a new capture")
        await session.settleCalls()
        await settleTicks()
        #expect(session.level == .silence, "the ended dictation's speech is not the new one's level")
        fixture.clock.advance(by: .seconds(3))
        #expect(await eventually { session.isInputVeryQuiet }, "the new dictation has heard nothing")
    }

    /// Lets the session's timer task run after a clock advance.
    func settleTicks() async {
        for _ in 0..<20 { await Task.yield() }
    }
}
