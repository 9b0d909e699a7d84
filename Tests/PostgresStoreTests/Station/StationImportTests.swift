import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// `clinic import-station DIR` with the real binary, as a real OS account: a one-person station made by
/// the same binary (a recording imported and transcribed, corrected, signed) comes into the clinic store
/// as that account's, checked, once however often it is run; a report its file names someone else for
/// stays behind.
@Suite(
    "Clinic store: a station's reports imported, as a real account", .serialized,
    .enabled(if: TestServer.isRunning, TestServer.skipReason),
    .enabled(if: getuid() == 0, "making an OS account needs root, as CI runs"))
struct StationImportTests {
    @Test("a station's recordings, correction and signature come in once, checked; a second run says so")
    func importTwice() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let sample = try #require(try LibriVoxSamples.all().first)
        try await TestAccounts.with(1, in: clinic) { accounts in
            let anna = accounts[0]
            let directory = "/tmp/\(anna)/.local/share/dictation-station"
            func station(_ arguments: [String], store: String = "") throws -> TestAccounts.Outcome {
                try TestAccounts.station(arguments, as: anna, store: store)
            }
            func sqlite(_ sql: String) throws -> String {
                var spawn = Spawn(
                    "/usr/sbin/runuser", ["-u", anna, "--", "/usr/bin/sqlite3", "\(directory)/station.sqlite3", sql])
                spawn.output = .capture
                spawn.errors = .capture
                let finished = try spawn.run(deadline: .seconds(60))
                try #require(finished.termination == .exited(0), "sqlite3: \(finished.errorText)")
                return finished.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
            }

            // Her own station, on SQLite: two dictations imported, the first corrected and signed.
            for session in ["Room 12 – Özdemir", "Room 14"] {
                let imported = try station(["import", "--session", session, "--locale", "en-US", sample.file.path])
                #expect(imported.status == 0, "\(imported.errors)")
            }
            let corrected = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(anna).txt")
            try "Corrected at the station.".write(to: corrected, atomically: true, encoding: .utf8)
            chmod(corrected.path, 0o644)
            defer { try? FileManager.default.removeItem(at: corrected) }
            #expect(try station(["reports", "edit", "1", "--text-file", corrected.path]).status == 0)
            #expect(try station(["reports", "sign", "1", "--yes"]).status == 0)
            let sessions = try sqlite("SELECT count(*) FROM sessions")
            let recordings = try FileManager.default.contentsOfDirectory(atPath: "\(directory)/audio")
                .filter { $0.hasSuffix(".wav") }
            #expect(recordings.count == 2, "one recording each, identical: the same sample imported twice")
            let digests = try recordings.map {
                try FileDigest.sha256(of: URL(fileURLWithPath: "\(directory)/audio/\($0)"))
            }

            // Into the clinic store, as herself.
            let store = clinic.address.conninfo
            let first = try station(["clinic", "import-station", directory], store: store)
            #expect(first.status == 0, "\(first.errors)")
            #expect(
                first.output.contains(
                    "Imported from the station in \(directory) into the clinic store at “\(store)”, as \(anna): "
                        + "2 reports (2 with audio, 1 revision) and \(sessions == "1" ? "1 session" : "\(sessions) sessions")."
                ),
                "\(first.output)")
            #expect(first.output.contains("checked against the station"))
            func value(_ sql: String) throws -> String { try clinic.psql(sql).mustSucceed().output }
            #expect(try value("SELECT string_agg(DISTINCT author, ',') FROM dictation.reports") == anna)
            #expect(
                try value(
                    "SELECT status || ' ' || text FROM dictation.reports WHERE session_name = 'Room 12 – Özdemir'")
                    == "signed Corrected at the station.")
            #expect(
                try value("SELECT string_agg(action || ':' || actor, ',' ORDER BY id) FROM dictation.report_events")
                    == "created:\(anna),corrected:\(anna),signed:\(anna),imported:\(anna),created:\(anna),imported:\(anna)"
            )
            #expect(
                try value("SELECT string_agg(sha256, ',' ORDER BY sha256) FROM dictation.report_audio_digests")
                    == digests.sorted().joined(separator: ","), "the store's seals are the recordings' sha256")
            #expect(try value("SELECT count(*) FROM dictation.sessions WHERE creator = '\(anna)'") == sessions)
            #expect(
                try value("SELECT reason FROM dictation.report_events WHERE action = 'imported' ORDER BY id LIMIT 1")
                    .hasPrefix("report 1 of the station in \(directory); created "))
            let shown = try station(
                ["reports", "show", try value("SELECT min(id) FROM dictation.reports")], store: store)
            #expect(shown.output.contains("imported by \(anna)"), "\(shown.output)")

            // Again: nothing changes, and it says so.
            let second = try station(["clinic", "import-station", directory], store: store)
            #expect(second.status == 0, "\(second.errors)")
            #expect(
                second.output.contains(
                    "Nothing to import: the 2 reports and \(sessions == "1" ? "1 session" : "\(sessions) sessions") "
                        + "of the station in \(directory) are in the clinic store at “\(store)” already."),
                "\(second.output)")
            #expect(try value("SELECT count(*) FROM dictation.reports") == "2")
            #expect(try value("SELECT count(*) FROM dictation.report_events") == "6")

            // A report the station's file names someone else for (anyone who can write it can): left behind.
            _ = try sqlite(
                """
                CREATE TEMP TABLE forged AS SELECT * FROM reports WHERE id = 2;
                UPDATE forged SET id = 3, author = 'mallory', audio_file = NULL;
                INSERT INTO reports SELECT * FROM forged;
                """)
            let third = try station(["clinic", "import-station", directory], store: store)
            #expect(third.status == 1)
            #expect(third.errors.contains("report 3 of the station names mallory"), "\(third.errors)")
            #expect(!third.errors.contains("Error Domain"))
            #expect(try value("SELECT count(*) FROM dictation.reports") == "2")
        }
    }

    @Test("a directory without a station is refused in words")
    func noStation() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        try await TestAccounts.with(1, in: clinic) { accounts in
            let outcome = try TestAccounts.station(
                ["clinic", "import-station", "/tmp/\(accounts[0])"], as: accounts[0], store: clinic.address.conninfo)
            #expect(outcome.status == 1)
            #expect(outcome.errors.contains("/tmp/\(accounts[0]) holds no station: there is no station.sqlite3 in it."))
        }
    }
}
