import Foundation
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore
@testable import StationApp

/// Each report's audio in the clinic store: in chunks with its sha256, written in the report's own
/// transaction, read back whole on any workstation, never changed.
@Suite("Clinic store: the reports' audio", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicAudioTests {
    /// A 16 kHz mono recording of `seconds` (a tone: what matters is its bytes), in a private folder.
    static func recording(seconds: Int, in folder: URL, name: String = "s-1-1790000000000-abcd1234") throws -> URL {
        let file = folder.appendingPathComponent("\(name).wav")
        try AudioFixtures.sox([
            "-n", "-r", "16000", "-c", "1", "-b", "16", file.path, "synth", "\(seconds)", "sine", "440",
        ])
        return file
    }

    static func sha256(_ file: URL) throws -> String {
        var spawn = Spawn("/usr/bin/sha256sum", [file.path])
        spawn.output = .capture
        return String(try spawn.run().outputText.prefix(64))
    }

    @Test(
        "a report's audio goes in 1 MB chunks with its sha256, in its transaction; the recording leaves the workstation"
    )
    func storedWithReport() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try AudioFixtures.temporaryDirectory("clinic-audio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        // 80 s: 2.56 MB, so three chunks, the last one short.
        let file = try Self.recording(seconds: 80, in: folder)
        let bytes = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
        let digest = try Self.sha256(file)

        let report = try await store.add(ClinicReportStoreTests.newReport("With audio.", audio: file.path))

        let stored = try #require(try await store.storedAudio(ofReport: report.id))
        #expect(stored.sha256 == digest, "the database's sha256 is the recording's")
        #expect(stored.bytes == Int64(bytes ?? -1))
        #expect(stored.chunks == 3)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the store keeps it now; no copy stays")
        #expect(
            try clinic.psql(
                "SELECT attstorage FROM pg_attribute WHERE attrelid = 'dictation.report_audio'::regclass "
                    + "AND attname = 'chunk'"
            ).output == "e", "STORAGE EXTERNAL: audio is not compressed")

        // Another member, on another workstation, gets it back byte for byte, in a private file.
        let bob = try await clinic.addUser("bob")
        let copy = folder.appendingPathComponent("copy.wav")
        #expect(try await clinic.store(as: bob).writeAudio(ofReport: report.id, to: copy))
        #expect(try Self.sha256(copy) == digest)
        let mode = try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a send that fails stores no audio and keeps the recording; a dictation sent again is still one report")
    func failedAndRepeatedSends() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try AudioFixtures.temporaryDirectory("clinic-audio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let store = try await clinic.store(as: anna)
        try await clinic.store(as: bob).save(ClinicSessionStoreTests.session("s-bob", "Bob's"))
        let file = try Self.recording(seconds: 5, in: folder)

        // The session it ends is bob's: the whole transaction, audio included, is refused.
        await #expect(throws: ClinicStoreError.self) {
            try await store.add(
                ClinicReportStoreTests.newReport("Refused.", audio: file.path),
                ending: ClinicSessionStoreTests.session("s-bob", "Taken"))
        }
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try clinic.psql("SELECT count(*) FROM dictation.report_audio").output == "0")
        #expect(try clinic.psql("SELECT count(*) FROM dictation.reports").output == "0")

        let first = try await store.add(ClinicReportStoreTests.newReport("Once.", audio: file.path))
        // The same dictation again, as after a connection lost at the commit: the report it made.
        let again = try await store.add(ClinicReportStoreTests.newReport("Once.", audio: file.path))
        #expect(again.id == first.id)
        #expect(try clinic.psql("SELECT count(*) FROM dictation.reports").output == "1")
    }

    @Test("audio is written only by the report's author, with the report, complete, and is never changed")
    func audioRules() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try AudioFixtures.temporaryDirectory("clinic-audio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let report = try await clinic.store(as: anna).add(
            ClinicReportStoreTests.newReport("Audio.", audio: try Self.recording(seconds: 2, in: folder).path))
        let withoutAudio = try await clinic.store(as: anna).add(ClinicReportStoreTests.newReport("None."))

        func refused(_ sql: String, as role: String) throws -> String {
            let outcome = try clinic.psql(sql, as: role)
            #expect(!outcome.succeeded, "\(sql) as \(role) was allowed")
            return outcome.errors
        }
        let chunk = "INSERT INTO dictation.report_audio (report_id, number, chunk) VALUES"
        #expect(try refused("\(chunk) (\(withoutAudio.id), 0, '\\x00')", as: bob).contains("only by its author"))
        #expect(
            try refused("\(chunk) (\(withoutAudio.id), 0, '\\x00')", as: anna).contains("with the report itself"),
            "not in a later transaction")
        #expect(
            try refused("UPDATE dictation.report_audio SET chunk = '\\x00'", as: anna).contains("permission denied"))
        #expect(try refused("DELETE FROM dictation.report_audio", as: anna).contains("permission denied"))
        #expect(try refused("DELETE FROM dictation.report_audio_digests", as: anna).contains("permission denied"))
        #expect(try refused("SELECT dictation.seal_audio(\(report.id))", as: anna).contains("with the report itself"))
        let unsealed = try refused(
            """
            BEGIN;
            INSERT INTO dictation.reports (session_name, locale, created, audio_duration_us, original_text, text,
                work_type) VALUES ('Room', 'en-US', now(), 0, 'x', 'x', 'progress-note');
            \(chunk) ((SELECT max(id) FROM dictation.reports), 0, '\\x00');
            COMMIT;
            """, as: anna)
        #expect(unsealed.contains("was not completed"), "\(unsealed)")
        #expect(try clinic.psql("SELECT count(*) FROM dictation.report_audio").output == "1")
    }

    @Test("audio changed behind the store's back (a superuser can) is refused as damaged, never played")
    func damagedAudio() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try AudioFixtures.temporaryDirectory("clinic-audio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let report = try await store.add(
            ClinicReportStoreTests.newReport("Audio.", audio: try Self.recording(seconds: 2, in: folder).path))
        try clinic.psql(
            """
            ALTER TABLE dictation.report_audio DISABLE TRIGGER insert_only;
            UPDATE dictation.report_audio SET chunk = overlay(chunk placing '\\x01' from 100);
            ALTER TABLE dictation.report_audio ENABLE TRIGGER insert_only;
            """
        ).mustSucceed()
        let copy = folder.appendingPathComponent("copy.wav")
        let error = await #expect(throws: ClinicStoreError.self) {
            try await store.writeAudio(ofReport: report.id, to: copy)
        }
        #expect(error?.description.contains("damaged") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: copy.path))
    }

    @Test("playback plays a private copy of the stored audio; a copy goes when the next playback starts")
    func playbackFromStore() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try AudioFixtures.temporaryDirectory("clinic-audio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let file = try Self.recording(seconds: 3, in: folder)
        let digest = try Self.sha256(file)
        let report = try await store.add(ClinicReportStoreTests.newReport("Audio.", audio: file.path))
        let base = PlayedFiles()
        let playback = folder.appendingPathComponent("playback")
        let player = StoredAudioPlayer(base: base, store: store, folder: playback)

        try await player.play(file: try #require(report.audioFile))
        let played = try #require(base.files.last)
        #expect(played.deletingLastPathComponent().path == playback.path)
        #expect(try Self.sha256(played) == digest)
        try await player.play(file: try #require(report.audioFile))
        #expect(!FileManager.default.fileExists(atPath: played.path), "the earlier copy is gone")
        #expect(try FileManager.default.contentsOfDirectory(atPath: playback.path).count == 1)
    }
}

/// A player that only notes what it was asked to play, and whether that file was there then.
final class PlayedFiles: AudioPlaying, Sendable {
    private let played = Locked<[URL]>([])
    var files: [URL] { played.current }

    func play(file: URL, from start: Duration) async throws {
        guard FileManager.default.fileExists(atPath: file.path) else { throw PlaybackError.unreadableFile(detail: "") }
        played.withLock { $0.append(file) }
    }
    func pause() async throws {}
    func resume() async throws {}
    func seek(by offset: Duration) async throws {}
    func stop() async {}
    var progress: AsyncStream<PlaybackProgress> { AsyncStream { $0.finish() } }
}
