import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// The station started while its clinic store's server is down, as a real account in tmux: it says so,
/// records from the real audio server, keeps the send on the workstation, and delivers it as exactly one
/// report when the server starts.
@Suite(
    "Clinic store: the station started while the server is away", .serialized,
    .enabled(if: getuid() == 0, "making OS accounts and a server needs root, as CI runs"))
struct StationWithoutServerTests {
    @Test("it starts, records and keeps the send; once the server is up, one report with its audio, and the session")
    func startWithoutServer() async throws {
        let server = try await PrivateServer.make()
        defer { server.remove() }
        let sample = try TwoStationTests.sentence()
        try await TwoStationTests.accounts(1, on: server) { accounts in
            let anna = accounts[0]
            let stations = try ClinicStationsInTmux(server: server)
            try server.stop()

            let station = try stations.open(as: anna)
            _ = try station.waitFor("The clinic store cannot be reached: record and send as usual")
            try station.startRecording("Room 9")
            try stations.speak(sample.file)
            try await RecordedAudio.waitForMore(0.8, in: try stations.recordingInProgress(of: anna))
            try station.send("Space")
            _ = try station.waitFor("PAUSED")
            try station.send("Enter")
            _ = try station.waitFor("the dictation of Room 9 is kept on this workstation", seconds: 120)
            let outbox = "/tmp/\(anna)/.local/share/dictation-station/outbox"
            let waiting = try FileManager.default.contentsOfDirectory(atPath: outbox).filter { $0.hasSuffix(".json") }
            #expect(waiting.count == 1, "the send waits in the outbox")

            try server.start()
            _ = try station.waitUntilGone("kept on this workstation", seconds: 60)
            _ = try station.waitUntilGone("The clinic store cannot be reached", seconds: 60)
            _ = try station.waitFor("draft", seconds: 60)
            #expect(try server.psql("SELECT count(*) || ' ' || min(author) FROM dictation.reports").output == "1 \(anna)")
            #expect(
                try server.psql("SELECT session_name FROM dictation.reports").output == "Room 9", "exactly one report")
            #expect(try server.psql("SELECT count(*) FROM dictation.report_audio_digests").output == "1")
            try blockUntil("the session made while the server was away saved in the store") {
                try server.psql("SELECT count(*) FROM dictation.sessions WHERE name = 'Room 9'").output == "1"
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: outbox).filter { $0.hasSuffix(".json") }.isEmpty)
            #expect((try station.screen()).contains("Room 9"), "the session is still on the screen")
        }
    }
}
