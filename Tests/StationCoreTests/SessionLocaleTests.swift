import Foundation
import StationCore
import StationTestSupport
import Testing

/// A session's language changed from the screen, for example to send a stuck nl-NL dictation as en-US.
@MainActor
@Suite("A session's language can be changed")
struct SessionLocaleTests {
    @Test("an idle session's language is changed and persisted; its next dictation is decoded in it")
    func idle() async throws {
        let fixture = StationFixture()
        let session = try fixture.station.createSession(named: "Room 12", locale: "nl-NL")
        let outcome = fixture.station.setLocale(of: session.id, to: "en-US")
        #expect(outcome.succeeded, "\(outcome.message)")
        #expect(outcome.message.contains("nl-NL") && outcome.message.contains("en-US"))
        #expect(session.locale == "en-US")
        await fixture.station.settle()
        #expect(fixture.sessionStore.saved.first?.locale == "en-US")
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(2))
        session.pressMainAction()
        session.pressSend()
        await session.settle()
        #expect(fixture.log.calls.last?.hasSuffix(" en-US") == true, "\(fixture.log.calls)")
        #expect(fixture.reports.all.first?.locale == "en-US")
    }

    @Test("a paused dictation that failed for want of a model is sent in the new language, its error gone")
    func stuckDictation() async throws {
        let fixture = StationFixture()
        let session = try fixture.station.createSession(named: "Room 12", locale: "nl-NL")
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(2))
        session.pressMainAction()
        fixture.transcriber.fail(with: TranscriptionError.modelNotInstalled(locale: "nl-NL"))
        session.pressSend()
        await session.settle()
        #expect(session.state == .paused)
        #expect(session.lastError != nil)
        let file = try #require(session.audioFile)

        #expect(fixture.station.setLocale(of: session.id, to: "en-US").succeeded)
        #expect(session.lastError == nil, "the old language's error is gone")
        await fixture.station.settle()
        #expect(fixture.sessionStore.saved.first?.locale == "en-US")
        #expect(fixture.sessionStore.saved.first?.state == .paused, "the dictation is kept")
        fixture.transcriber.answer("the patient is well")
        session.pressSend()
        await session.settle()
        #expect(fixture.log.calls.last == "transcribe \(file.lastPathComponent) en-US", "\(fixture.log.calls)")
        #expect(fixture.reports.all.first?.locale == "en-US")
    }

    @Test("a live decoder of the old language is dropped; a resumed recording gets one in the new language")
    func liveDecoderFollows() async throws {
        let fixture = StationFixture()
        let log = fixture.log
        fixture.transcriber.enableLive { FakeLiveTranscription(log: log) }
        let session = try fixture.station.createSession(named: "Room 12", locale: "nl-NL")
        session.pressMainAction()
        session.pressMainAction()
        await session.settleCalls()
        #expect(fixture.station.setLocale(of: session.id, to: "en-US").succeeded)
        #expect(await eventually { fixture.log.calls.contains("cancel") }, "\(fixture.log.calls)")
        #expect(await eventually { fixture.log.calls.contains("beginLive en-US") }, "\(fixture.log.calls)")
    }

    @Test("refused while recording or transcribing: the language of a running decode stays")
    func refusedWhileBusy() async throws {
        let fixture = StationFixture()
        let session = try fixture.station.createSession(named: "Room 12", locale: "nl-NL")
        session.pressMainAction()
        let recording = fixture.station.setLocale(of: session.id, to: "en-US")
        #expect(!recording.succeeded && recording.message.contains("pause it first"), "\(recording.message)")
        session.pressMainAction()
        fixture.transcriber.hold()
        session.pressSend()
        let processing = fixture.station.setLocale(of: session.id, to: "en-US")
        #expect(!processing.succeeded && processing.message.contains("being transcribed"))
        #expect(session.locale == "nl-NL")
        fixture.transcriber.release()
        await session.settle()
    }

    @Test("another process's dictation is never changed, nor an idle session it has just begun to record")
    func heldElsewhere() async throws {
        let claims = FakeOwnership()
        let saved = InMemorySessionStore()
        let anna = DictationHolder(user: "anna", host: "ws-12", processID: 101)
        let ben = DictationHolder(user: "ben", host: "ws-3", processID: 202)
        let first = StationFixture(sessionStore: saved, ownership: claims.process(anna))
        let second = StationFixture(sessionStore: saved, ownership: claims.process(ben))
        let room = try first.station.createSession(named: "Room 12", locale: "nl-NL")
        await first.station.settle()
        await second.station.syncSessions()
        let seen = try #require(second.station.session(named: "Room 12"))

        // Anna starts recording; Ben's station has not synced since and still sees the session idle.
        room.pressMainAction()
        let stale = second.station.setLocale(of: seen.id, to: "en-US")
        #expect(!stale.succeeded && stale.message.contains("anna on ws-12"), "\(stale.message)")
        #expect(seen.locale == "nl-NL")
        room.pressMainAction()
        await first.station.settle()
        await second.station.syncSessions()
        let held = second.station.setLocale(of: seen.id, to: "en-US")
        #expect(!held.succeeded)
        await second.station.settle()
        #expect(saved.saved.first?.locale == "nl-NL")
        #expect(room.locale == "nl-NL")
        #expect(claims.holder(of: room.id) == anna, "anna keeps her dictation")
    }

    @Test("a language changed in one process shows in the other")
    func syncs() async throws {
        let claims = FakeOwnership()
        let saved = InMemorySessionStore()
        let first = StationFixture(
            sessionStore: saved, ownership: claims.process(DictationHolder(user: "a", host: "h", processID: 1)))
        let second = StationFixture(
            sessionStore: saved, ownership: claims.process(DictationHolder(user: "b", host: "h", processID: 2)))
        let room = try first.station.createSession(named: "Room 12", locale: "nl-NL")
        await first.station.settle()
        await second.station.syncSessions()
        #expect(first.station.setLocale(of: room.id, to: "en-US").succeeded)
        await first.station.settle()
        #expect(claims.holder(of: room.id) == nil, "the claim taken for the change is given back")
        await second.station.syncSessions()
        #expect(second.station.session(named: "Room 12")?.locale == "en-US")
    }
}
