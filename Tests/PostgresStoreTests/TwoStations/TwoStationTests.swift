import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// Two clinicians and a typist on one clinic store, each a real account running the real station in
/// tmux: a dictation spoken into one station is a report on the other within a notification; the typist
/// corrects it, its author signs it and the other clinician cannot; a station killed mid-dictation is
/// taken over by exactly one other station of the same person; PostgreSQL stopped in the middle of a send
/// and started again makes exactly one report.
@Suite(
    "Clinic store: two stations, two accounts, in tmux", .serialized,
    .enabled(if: getuid() == 0, "making OS accounts and a server needs root, as CI runs"))
struct TwoStationTests {
    /// LibriVox recording 0870: a sentence of 24 words, 7 s.
    static func sentence() throws -> LibriVoxSamples.Sample {
        try #require(try LibriVoxSamples.all().first { $0.file.lastPathComponent.hasSuffix("0870.wav") })
    }

    static func accounts(
        _ count: Int, on server: PrivateServer, transcriptionists: Set<Int> = [],
        _ body: ([String]) async throws -> Void
    ) async throws {
        try await TestAccounts.with(
            count, at: server.address(database: "clinic"), transcriptionists: transcriptionists,
            dropRole: { _ = try? server.psql("DROP ROLE IF EXISTS \($0)", database: "postgres") }, body)
    }

    @Test("anna dictates and sends; bob sees the report; the typist corrects it; anna signs, bob cannot")
    func dictateSeeCorrectSign() async throws {
        let server = try await PrivateServer.make()
        defer { server.remove() }
        let sample = try Self.sentence()
        try await Self.accounts(3, on: server, transcriptionists: [2]) { accounts in
            let (anna, bob, typist) = (accounts[0], accounts[1], accounts[2])
            let stations = try ClinicStationsInTmux(server: server)
            let annas = try stations.open(as: anna)
            let bobs = try stations.open(as: bob)

            try annas.startRecording("Room 12")
            try stations.speak(sample.file)
            try await RecordedAudio.waitForMore(0.8, in: try stations.recordingInProgress(of: anna))
            try annas.send("Space")
            _ = try annas.waitFor("PAUSED")
            try annas.send("Enter")
            _ = try annas.waitFor("draft", seconds: 120)
            let shownAt = ContinuousClock.now
            _ = try bobs.waitFor("Room 12")
            let seen = ContinuousClock.now - shownAt
            print("two stations: anna's report on bob's screen \(seen) after it was on anna's (a figure, not a limit)")
            let report = try server.psql("SELECT id || ' ' || author FROM dictation.reports").output
            #expect(report == "1 \(anna)", "one report, anna's")
            let text = try server.psql("SELECT text FROM dictation.reports WHERE id = 1").output
            #expect(WordErrorRate.rate(hypothesis: text, reference: sample.reference) <= 0.35, "\(text)")
            #expect(try server.psql("SELECT count(*) FROM dictation.report_audio_digests").output == "1")

            // The typist corrects the draft from the command line; bob's station shows it.
            let corrected = "/tmp/\(typist)/corrected.txt"
            try "Corrected by the typist: \(text)".write(toFile: corrected, atomically: true, encoding: .utf8)
            chmod(corrected, 0o644)
            let edited = try TestAccounts.station(
                ["reports", "edit", "1", "--text-file", corrected], as: typist, store: stations.store.conninfo)
            #expect(edited.status == 0, "\(edited.errors)")
            _ = try bobs.waitFor("corrected")

            // Bob opens it and tries to sign: the database refuses, naming the author.
            try bobs.openReport(listed: "corrected")
            try bobs.send("S")
            _ = try bobs.waitFor("Sign report #1?")
            try bobs.send("y")
            _ = try bobs.waitFor("is signed only by its author, \(anna).")
            #expect(try server.psql("SELECT status FROM dictation.reports WHERE id = 1").output == "corrected")

            // Anna signs it; bob's open report follows.
            try annas.openReport(listed: "corrected")
            try annas.send("S")
            _ = try annas.waitFor("Sign report #1?")
            try annas.send("y")
            _ = try annas.waitFor("Signed report #1 as \(anna).")
            #expect(try server.psql("SELECT signed_by FROM dictation.reports WHERE id = 1").output == anna)
            _ = try bobs.waitFor("· signed")
        }
    }

    @Test("a station killed mid-dictation is taken over once; the server stopped mid-send makes one report")
    func takeOverAndServerStop() async throws {
        let server = try await PrivateServer.make()
        defer { server.remove() }
        let sample = try Self.sentence()
        try await Self.accounts(2, on: server) { accounts in
            let (anna, bob) = (accounts[0], accounts[1])
            let stations = try ClinicStationsInTmux(server: server)
            let ward = try stations.open(as: anna)
            let desk = try stations.open(as: anna, runtime: "run2")
            let office = try stations.open(as: anna, runtime: "run3")
            let bobs = try stations.open(as: bob)

            try ward.startRecording("Room 7")
            try stations.speak(sample.file)
            try await RecordedAudio.waitForMore(0.8, in: try stations.recordingInProgress(of: anna))
            for other in [desk, office] { _ = try other.waitFor("Being dictated by \(anna) on ") }

            // The ward's station dies mid-dictation.
            kill(try stations.stationPID(in: ward), SIGKILL)
            let taker = try await Self.firstOf([desk, office], showing: "Took over the dictation of \"Room 7\"")
            let other = taker === desk ? office : desk
            _ = try other.waitFor("Being dictated by \(anna) on ")
            #expect(!(try other.screen()).contains("Took over"), "taken over once")
            #expect(!(try bobs.screen()).contains("Room 7"), "anna's sessions are hers")

            // Sent while another holds the reports table, then the server stops in the middle and starts again.
            var spawn = Spawn("/usr/bin/psql", ["-X", "-q", "-d", stations.store.conninfo])
            spawn.input = .pipe
            spawn.output = .capture
            spawn.errors = .capture
            let blocker = try spawn.start()
            defer {
                blocker.signal(SIGKILL)
                _ = blocker.wait()
            }
            try blocker.input?.writeAll("BEGIN; LOCK TABLE dictation.reports IN EXCLUSIVE MODE;\n")
            try taker.send("Enter")
            try blockUntil("the send waiting inside its transaction") {
                try server.psql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'").output == "1"
            }
            try server.stop()
            _ = try taker.waitFor("kept on this workstation", seconds: 60)
            try server.start()
            _ = try taker.waitUntilGone("kept on this workstation", seconds: 60)
            _ = try bobs.waitFor("Room 7", seconds: 60)
            #expect(
                try server.psql("SELECT count(*) FROM dictation.reports WHERE session_name = 'Room 7'").output == "1")
            #expect(try server.psql("SELECT count(*) FROM dictation.report_audio_digests").output == "1")
        }
    }

    /// The first of `terminals` whose screen shows `text`.
    static func firstOf(_ terminals: [TmuxSession], showing text: String) async throws -> TmuxSession {
        var found: TmuxSession?
        try blockUntil("one of the stations showing \(text)") {
            found = terminals.first { (try? $0.screen())?.contains(text) == true }
            return found != nil
        }
        return found!
    }
}
