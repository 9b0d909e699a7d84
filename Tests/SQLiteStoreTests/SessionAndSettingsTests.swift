import Foundation
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

@Suite("SQLite sessions and settings")
struct SessionAndSettingsTests {
    private func record(_ id: String, name: String, state: RecordingState, minute: Double) -> SessionRecord {
        SessionRecord(
            id: SessionID(id), name: name, locale: "de-DE", state: state, elapsed: .milliseconds(65_432),
            audioFile: state == .notRecording ? nil : URL(fileURLWithPath: "/data/audio/\(id).wav"),
            created: Date(timeIntervalSince1970: 1_780_000_000 + minute * 60),
            updated: Date(timeIntervalSince1970: 1_780_000_000 + minute * 60 + 30))
    }

    @Test("sessions come back with every field, in the order they were created")
    func roundTrip() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let sessions = [
            record("b", name: "Zimmer 4 – Herr Müller", state: .recording, minute: 1),
            record("a", name: "Visite", state: .notRecording, minute: 2),
            record("c", name: "Nachtdienst", state: .paused, minute: 3),
        ]
        for session in sessions.reversed() { try await database.save(session) }
        #expect(try await directory.open().loadSessions() == sessions)
    }

    @Test("saving a session again updates it; deleting forgets it")
    func updateAndDelete() async throws {
        let database = try await TestDataDirectory().open()
        var session = record("a", name: "Visite", state: .recording, minute: 1)
        try await database.save(session)
        session.name = "Visite Station 3"
        session.state = .paused
        session.elapsed = .seconds(90)
        try await database.save(session)
        #expect(try await database.loadSessions() == [session])
        // Sent: a session no longer holding a dictation can be deleted (one that does is kept, see
        // ReportEndsDictationTests).
        session.state = .notRecording
        session.audioFile = nil
        try await database.save(session)
        try await database.deleteSession(id: session.id)
        #expect(try await database.loadSessions().isEmpty)
    }

    @Test("a session that was recording when the station stopped comes back paused, with its audio and time")
    @MainActor
    func recordingComesBackPaused() async throws {
        let directory = TestDataDirectory()
        let recording = record("r", name: "Zimmer 7", state: .recording, minute: 1)
        try await directory.open().save(recording)
        let database = try await directory.open()
        let dependencies = SessionDependencies(
            makeCapture: { FakeCapture() }, transcriber: FakeTranscriber(log: CallLog()), clock: ManualClock(),
            makeAudioFile: { directory.paths.newAudioFile(for: $0, at: Date(timeIntervalSince1970: 0)) })
        let station = Station(
            dependencies: StationDependencies(session: dependencies, reports: database, sessions: database),
            locale: "de-DE")
        try await station.restoreSessions()
        await station.settle()
        let session = try #require(station.sessions.first)
        #expect(session.state == .paused)
        #expect(session.audioFile == recording.audioFile)
        #expect(session.elapsed == recording.elapsed)
        #expect(try await database.loadSessions().first?.state == .paused, "the paused state is saved back")
    }

    @Test("settings are kept by key; nil removes one")
    func settings() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        #expect(try await database.setting(SettingKey.locale) == nil)
        try await database.setSetting(SettingKey.locale, "de-DE")
        try await database.setSetting(SettingKey.captureSource, "alsa_input.usb-Jabra.mono")
        try await database.setSetting(SettingKey.locale, "nl-NL")
        let reopened = try await directory.open()
        #expect(try await reopened.setting(SettingKey.locale) == "nl-NL")
        #expect(try await reopened.setting(SettingKey.captureSource) == "alsa_input.usb-Jabra.mono")
        try await reopened.setSetting(SettingKey.captureSource, nil)
        #expect(try await reopened.setting(SettingKey.captureSource) == nil)
    }
}
