import Foundation
import StationCore
import StationTestSupport
import Testing

/// Two station processes on one data directory, as two fixtures sharing the saved sessions and the
/// dictation claims: each dictation has exactly one owner.
@MainActor
@Suite("Several station processes, one owner per dictation")
struct SeveralStationsTests {
    let anna = DictationHolder(user: "anna", host: "ws-12", processID: 101)
    let ben = DictationHolder(user: "ben", host: "ws-3", processID: 202)
    let claims = FakeOwnership()
    let saved = InMemorySessionStore()

    func station(_ holder: DictationHolder) -> StationFixture {
        StationFixture(sessionStore: saved, ownership: claims.process(holder))
    }

    @Test("a dictation one process records shows in the other as held by its user and host, and is refused there")
    func heldElsewhere() async throws {
        let first = station(anna)
        let second = station(ben)
        let room = first.makeSession(named: "Room 12")
        room.pressMainAction()
        first.clock.advance(by: .seconds(3))
        first.station.toggle()
        await first.station.settle()

        await second.station.syncSessions()
        let seen = try #require(second.station.session(named: "Room 12"))
        second.station.select(seen.id)
        let remote = try #require(seen.heldElsewhere)
        #expect(remote.holder == anna)
        #expect(remote.state == .paused)
        #expect(remote.elapsed == .seconds(3))
        #expect(!second.station.hasUnsentDictation, "not this process's to lose")

        for outcome in [second.station.toggle(), second.station.send(), second.station.discard()] {
            #expect(!outcome.succeeded)
            #expect(outcome.message.contains("anna on ws-12"))
        }
        #expect(!second.station.deleteSession(seen.id).succeeded)
        await second.station.settle()
        #expect(second.captures.current.isEmpty, "the second process never touched the audio")
        #expect(second.removedAudio.current.isEmpty)
        #expect(second.reports.all.isEmpty)
        #expect(room.state == .paused, "the owner's dictation is untouched")
        #expect(saved.saved.first?.audioFile == room.audioFile)
    }

    @Test("an idle session both see: the second to press Space is refused, not a second recording")
    func raceToRecord() async throws {
        let first = station(anna)
        let second = station(ben)
        let room = first.makeSession(named: "Room 12")
        await first.station.settle()
        await second.station.syncSessions()
        room.pressMainAction()
        // The second process has not synced since: it still sees the session idle.
        let stale = try #require(second.station.selected)
        #expect(stale.state == .notRecording)
        let outcome = second.station.toggle()
        #expect(!outcome.succeeded)
        #expect(outcome.message.contains("anna on ws-12"))
        #expect(stale.state == .notRecording)
        #expect(second.captures.current.isEmpty)
    }

    @Test("the dictation of a process that died is taken over by exactly one other, paused with its audio")
    func takeOverOnce() async throws {
        let first = station(anna)
        let second = station(ben)
        let third = station(DictationHolder(user: "cleo", host: "ws-7", processID: 303))
        let room = first.makeSession(named: "Room 12")
        room.pressMainAction()
        first.clock.advance(by: .seconds(5))
        room.pressMainAction()
        await first.station.settle()
        let audio = try #require(room.audioFile)
        await second.station.syncSessions()
        await third.station.syncSessions()
        #expect(second.station.sessions.first?.heldElsewhere != nil)

        claims.holderDied(room.id)
        await second.station.syncSessions()
        await third.station.syncSessions()
        let taken = try #require(second.station.sessions.first)
        #expect(taken.heldElsewhere == nil)
        #expect(taken.state == .paused)
        #expect(taken.audioFile == audio)
        #expect(taken.elapsed == .seconds(5))
        #expect(second.station.notifier.notifications.contains { $0.message.contains("anna on ws-12") })
        #expect(third.station.sessions.first?.heldElsewhere?.holder == ben, "recovered once, by one process")

        // The new owner sends it: one report, and the others see the session idle.
        second.transcriber.answer("knee stable")
        second.station.select(taken.id)
        #expect(second.station.send().succeeded)
        await second.station.settle()
        #expect(second.reports.all.map(\.text) == ["knee stable"])
        await third.station.syncSessions()
        #expect(third.station.sessions.first?.heldElsewhere == nil)
        #expect(third.station.sessions.first?.state == .notRecording)
        #expect(claims.holder(of: room.id) == nil, "the claim is given back once the end is saved")
    }

    @Test("a dictation sent by its owner is not taken over by a process that saw it paused")
    func sentIsNotRecovered() async throws {
        let first = station(anna)
        let second = station(ben)
        let room = first.makeSession(named: "Room 12")
        room.pressMainAction()
        room.pressMainAction()
        await first.station.settle()
        await second.station.syncSessions()
        #expect(second.station.sessions.first?.heldElsewhere != nil)
        first.transcriber.answer("done")
        room.pressSend()
        await first.station.settle()
        await second.station.syncSessions()
        let seen = try #require(second.station.sessions.first)
        #expect(seen.heldElsewhere == nil)
        #expect(seen.state == .notRecording)
        #expect(!second.station.hasUnsentDictation)
    }

    @Test("sessions made, renamed and deleted in one process appear in the other")
    func listFollows() async throws {
        let first = station(anna)
        let second = station(ben)
        let room = first.makeSession(named: "Room 12")
        let ward = first.makeSession(named: "Ward round")
        await first.station.settle()
        await second.station.syncSessions()
        #expect(second.station.sessions.map(\.name) == ["Room 12", "Ward round"])
        try first.station.rename(room.id, to: "Room 14")
        #expect(first.station.deleteSession(ward.id).succeeded)
        await first.station.settle()
        await second.station.syncSessions()
        #expect(second.station.sessions.map(\.name) == ["Room 14"])
    }

    @Test("a rename in a process that does not hold the dictation leaves the dictation as the owner saved it")
    func renameKeepsDictation() async throws {
        let first = station(anna)
        let second = station(ben)
        let room = first.makeSession(named: "Room 12")
        room.pressMainAction()
        room.pressMainAction()
        await first.station.settle()
        await second.station.syncSessions()
        let seen = try #require(second.station.sessions.first)
        try second.station.rename(seen.id, to: "Room 12 – Mrs Jansen")
        await second.station.settle()
        let record = try #require(saved.saved.first)
        #expect(record.name == "Room 12 – Mrs Jansen")
        #expect(record.state == .paused)
        #expect(record.audioFile == room.audioFile)
        await first.station.syncSessions()
        #expect(room.name == "Room 12 – Mrs Jansen")
        #expect(room.state == .paused)
    }
}

/// A sync reading the saved sessions while this process changes them must not undo the change.
@MainActor
@Suite("Syncing while this process changes its sessions")
struct SyncWhileChangingTests {
    /// Sessions saved in memory whose reads wait until the test lets them finish.
    final class SlowReads: SessionStore, @unchecked Sendable {
        let saved = InMemorySessionStore()
        private let gate = Locked<[CheckedContinuation<Void, Never>]>([])
        var waiting: Int { gate.current.count }

        func release() {
            let readers = gate.withLock { readers -> [CheckedContinuation<Void, Never>] in
                defer { readers = [] }
                return readers
            }
            for reader in readers { reader.resume() }
        }

        func loadSessions() async throws -> [SessionRecord] {
            let snapshot = try await saved.loadSessions()
            await withCheckedContinuation { reader in gate.withLock { $0.append(reader) } }
            return snapshot
        }
        func session(id: SessionID) async throws -> SessionRecord? { try await saved.session(id: id) }
        func save(_ session: SessionRecord) async throws { try await saved.save(session) }
        func renameSession(id: SessionID, to name: String) async throws {
            try await saved.renameSession(id: id, to: name)
        }
        func setProperties(of id: SessionID, _ properties: DictationProperties) async throws {
            try await saved.setProperties(of: id, properties)
        }
        func deleteSession(id: SessionID) async throws { try await saved.deleteSession(id: id) }
    }

    @Test("a session made, renamed or deleted while a sync reads stays as this process left it")
    func changesDuringARead() async throws {
        let store = SlowReads()
        let dependencies = SessionDependencies(
            makeCapture: { FakeCapture() }, transcriber: FakeTranscriber(), clock: ManualClock(),
            makeAudioFile: { URL(fileURLWithPath: "/audio/\($0.rawValue).wav") })
        let station = Station(
            dependencies: StationDependencies(session: dependencies, sessions: store), locale: "en-US")
        let room = try station.createSession(named: "Room 12")
        let ward = try station.createSession(named: "Ward round")
        await station.settle()

        let sync = Task { await station.syncSessions() }
        #expect(await eventually { store.waiting == 1 })
        // While the sync waits on what it read: a new session, a rename, a delete.
        try station.createSession(named: "Room 14")
        try station.rename(room.id, to: "Room 12 – Mrs Jansen")
        #expect(station.deleteSession(ward.id).succeeded)
        store.release()
        await sync.value
        #expect(station.sessions.map(\.name) == ["Room 12 – Mrs Jansen", "Room 14"])

        // The next sync reads them saved and keeps them.
        let next = Task { await station.syncSessions() }
        #expect(await eventually { store.waiting == 1 })
        store.release()
        await next.value
        #expect(station.sessions.map(\.name) == ["Room 12 – Mrs Jansen", "Room 14"])
    }
}
