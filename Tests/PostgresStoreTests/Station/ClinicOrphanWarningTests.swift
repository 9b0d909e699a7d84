import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// `reports` and `import` on the clinic store say which of the workstation's recordings nothing owns, as
/// they do on the local store and as the screen does: the real binary, as a real account.
@Suite(
    "Clinic store: stray recordings said by reports and import", .serialized,
    .enabled(if: TestServer.isRunning, TestServer.skipReason),
    .enabled(if: getuid() == 0, "making an OS account needs root, as CI runs"))
struct ClinicOrphanWarningTests {
    @Test(
        "a recording no session, report or waiting send owns is said before reports and import; scripts' output is left alone"
    )
    func straySaid() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let sample = try #require(try LibriVoxSamples.all().first)
        try await TestAccounts.with(1, in: clinic) { accounts in
            let anna = accounts[0]
            let store = clinic.address.conninfo
            let audio = URL(fileURLWithPath: "/tmp/\(anna)/.local/share/dictation-station/audio")
            func station(_ arguments: [String]) throws -> TestAccounts.Outcome {
                try TestAccounts.station(arguments, as: anna, store: store)
            }
            #expect(try station(["reports"]).status == 0)
            // A report was made of this dictation, and its local copy stayed: owned.
            let sent = try ClinicAudioTests.recording(seconds: 1, in: audio, name: "s-sent-1790000000000-aaaa0002")
            let copy = try Data(contentsOf: sent)
            _ = try await clinic.store(as: anna).add(ClinicReportStoreTests.newReport("Sent.", audio: sent.path))
            try copy.write(to: sent)
            // Nothing owns this one.
            _ = try ClinicAudioTests.recording(seconds: 1, in: audio, name: "s-lost-1790000000000-aaaa0004")
            _ = try Spawn("/usr/bin/chown", ["-R", "\(anna):", audio.path]).run()

            let notice = "1 recording in audio/ belongs to no report: run `dictation-station recover`"
            let listed = try station(["reports"])
            #expect(listed.status == 0, "\(listed.errors)")
            #expect(listed.errors.contains(notice), "\(listed.errors)")
            #expect(listed.output.contains("Sent."), "the list itself is the clinic store's")
            let json = try station(["reports", "--json"])
            #expect(!json.errors.contains("audio/"), "a script's output says nothing more: \(json.errors)")
            let imported = try station(["import", "--session", "Room 12", "--locale", "en-US", sample.file.path])
            #expect(imported.status == 0, "\(imported.errors)")
            #expect(imported.errors.contains(notice), "\(imported.errors)")
        }
    }
}
