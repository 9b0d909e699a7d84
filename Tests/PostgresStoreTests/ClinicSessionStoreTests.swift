import Foundation
import StationCore
import Testing

@testable import PostgresStore

/// The core's `SessionStore`, `SettingsStore` and `ReportStoreObserving` over the clinic store: each
/// person's own sessions and settings, whatever another member's station writes.
@Suite("Clinic store: sessions, settings and changes", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicSessionStoreTests {
    static let time = Date(timeIntervalSince1970: 1_790_000_000)

    static func session(
        _ id: String, _ name: String, state: RecordingState = .notRecording, audio: String? = nil
    ) -> SessionRecord {
        SessionRecord(
            id: SessionID(id), name: name, locale: "en-US", state: state, elapsed: .milliseconds(2_500),
            audioFile: audio.map { URL(fileURLWithPath: $0) }, created: time, updated: time.addingTimeInterval(5),
            author: "mallory",
            properties: DictationProperties(
                patient: Patient(name: "Jansen, M.", identifier: "123"), workType: "referral-letter",
                priority: .urgent))
    }

    @Test("a station lists its person's sessions only, as saved, with the creator the database recorded")
    func ownSessions() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annas = try await clinic.store(as: anna)
        let bobs = try await clinic.store(as: bob)
        let room = Self.session("s-1", "Room 12", state: .paused, audio: "/data/audio/s-1.wav")

        try await annas.save(room)
        try await bobs.save(Self.session("s-2", "Bob's round"))

        var expected = room
        expected.author = anna
        #expect(try await annas.loadSessions() == [expected])
        #expect(try await annas.session(id: SessionID("s-1")) == expected)
        #expect(try await annas.session(id: SessionID("s-2")) == nil, "bob's session is not anna's to act on")
        #expect(try await bobs.loadSessions().map(\.name) == ["Bob's round"])
        // Every member may still read who has which session.
        #expect(try clinic.psql("SELECT count(*) FROM dictation.sessions", as: bob).output == "2")
    }

    @Test("another person's session is never changed: not saved over, renamed, given properties or deleted")
    func othersUntouched() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annas = try await clinic.store(as: anna)
        let bobs = try await clinic.store(as: bob)
        try await annas.save(Self.session("s-1", "Room 12"))

        await #expect(throws: ClinicStoreError.self) { try await bobs.save(Self.session("s-1", "Taken")) }
        try await bobs.renameSession(id: SessionID("s-1"), to: "Renamed")
        try await bobs.setProperties(of: SessionID("s-1"), DictationProperties(workType: "progress-note"))
        try await bobs.deleteSession(id: SessionID("s-1"))

        #expect(
            try await annas.loadSessions() == [
                {
                    var s = Self.session("s-1", "Room 12"); s.author = anna; return s
                }()
            ])
    }

    @Test("rename and properties change only what they say; a session holding a dictation is not deleted")
    func renamePropertiesDelete() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        try await store.save(Self.session("s-1", "Room 12", state: .paused, audio: "/data/audio/s-1.wav"))
        try await store.save(Self.session("s-2", "Idle"))

        try await store.renameSession(id: SessionID("s-1"), to: "Room 14")
        let properties = DictationProperties(patient: nil, workType: "progress-note", priority: .normal)
        try await store.setProperties(of: SessionID("s-1"), properties)
        let changed = try #require(try await store.session(id: SessionID("s-1")))
        #expect(changed.name == "Room 14")
        #expect(changed.properties == properties)
        #expect(changed.state == .paused)
        #expect(changed.audioFile?.path == "/data/audio/s-1.wav")
        #expect(changed.elapsed == .milliseconds(2_500))

        try await store.deleteSession(id: SessionID("s-1"))
        try await store.deleteSession(id: SessionID("s-2"))
        #expect(try await store.loadSessions().map(\.name) == ["Room 14"])
    }

    @Test("settings are each person's own: set, replaced, removed, and never seen by another")
    func settingsPerPerson() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annas = try await clinic.store(as: anna)
        let bobs = try await clinic.store(as: bob)

        try await annas.setSetting(SettingKey.locale, "nl-NL")
        try await annas.setSetting(SettingKey.locale, "de-DE")
        try await bobs.setSetting(SettingKey.locale, "en-US")
        #expect(try await annas.setting(SettingKey.locale) == "de-DE")
        #expect(try await bobs.setting(SettingKey.locale) == "en-US")
        try await bobs.setSetting(SettingKey.locale, nil)
        #expect(try await bobs.setting(SettingKey.locale) == nil)
        #expect(try await annas.setting(SettingKey.locale) == "de-DE")
        #expect(try clinic.psql("SELECT count(*) FROM dictation.settings", as: bob).output == "0")
    }

    @Test("a change shows: a new report or step by anyone, a session of one's own; a recording's running time does not")
    func changes() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annas = try await clinic.store(as: anna)
        let bobs = try await clinic.store(as: bob)
        #expect(try await annas.hasChangedElsewhere() == false, "the first look only takes note")

        let report = try await bobs.add(ClinicReportStoreTests.newReport("Bob's."))
        #expect(try await annas.hasChangedElsewhere())
        #expect(try await annas.hasChangedElsewhere() == false)
        _ = try await bobs.sign(id: report.id, by: bob, at: Self.time)
        #expect(try await annas.hasChangedElsewhere())

        var room = Self.session("s-1", "Room 12", state: .recording, audio: "/data/audio/s-1.wav")
        try await annas.save(room)
        #expect(try await annas.hasChangedElsewhere())
        room.elapsed = .seconds(9)
        room.updated = Self.time.addingTimeInterval(60)
        try await annas.save(room)
        #expect(try await annas.hasChangedElsewhere() == false)
        try await annas.renameSession(id: room.id, to: "Room 14")
        #expect(try await annas.hasChangedElsewhere())
        try await bobs.save(Self.session("s-2", "Bob's round"))
        #expect(try await annas.hasChangedElsewhere() == false, "bob's sessions are not anna's")
    }
}
