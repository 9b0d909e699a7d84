import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// The station's subcommands on the clinic store, the real binary run as real OS accounts: the names in
/// a report are the accounts the database authenticated, and no option names anyone else.
@Suite(
    "Clinic store: the subcommands as real accounts", .serialized,
    .enabled(if: TestServer.isRunning, TestServer.skipReason),
    .enabled(if: getuid() == 0, "making an OS account needs root, as CI runs"))
struct ClinicCommandLineTests {
    @Test(
        "a dictation imported, corrected by a typist and signed by its author exports as FHIR naming them; no one else signs"
    )
    func fhirNamesRealAuthorAndSigner() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let sample = try #require(try LibriVoxSamples.all().first)
        try await TestAccounts.with(3, in: clinic, transcriptionists: [2]) { accounts in
            let (anna, bob, typist) = (accounts[0], accounts[1], accounts[2])
            let store = clinic.address.conninfo
            func station(_ arguments: [String], as account: String) throws -> TestAccounts.Outcome {
                try TestAccounts.station(arguments, as: account, store: store)
            }

            let imported = try station(
                ["import", "--session", "Room 12", "--locale", "en-US", sample.file.path], as: anna)
            #expect(imported.status == 0, "\(imported.errors)")
            let id = try #require(
                try clinic.psql("SELECT id FROM dictation.reports WHERE author = '\(anna)'").output.asInt64)

            // Anna claims no one else's name; bob cannot sign anna's report.
            let claimed = try station(["reports", "sign", String(id), "--author", bob, "--yes"], as: anna)
            #expect(claimed.status != 0)
            #expect(claimed.errors.contains("you are logged in as \(anna)"), "\(claimed.errors)")
            let bobSigns = try station(["reports", "sign", String(id), "--yes"], as: bob)
            #expect(bobSigns.status == 1)
            #expect(bobSigns.errors.contains(anna), "names the author:\n\(bobSigns.errors)")
            #expect(!bobSigns.errors.contains("Error Domain"))

            // The typist corrects the draft, and cannot sign it.
            let corrected = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-\(id).txt")
            try "Corrected by the typist.".write(to: corrected, atomically: true, encoding: .utf8)
            chmod(corrected.path, 0o644)
            defer { try? FileManager.default.removeItem(at: corrected) }
            let edited = try station(["reports", "edit", String(id), "--text-file", corrected.path], as: typist)
            #expect(edited.status == 0, "\(edited.errors)")
            #expect(try station(["reports", "sign", String(id), "--yes"], as: typist).status == 1)

            let signed = try station(["reports", "sign", String(id), "--yes"], as: anna)
            #expect(signed.status == 0, "\(signed.errors)")
            #expect(signed.output.contains("Signed report \(id) as \(anna)."))

            let exported = try station(["reports", "export", String(id), "--format", "fhir"], as: bob)
            #expect(exported.status == 0, "\(exported.errors)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [String: Any])
            let author = (json["author"] as? [[String: Any]])?.first?["display"] as? String
            let authenticator = (json["authenticator"] as? [String: Any])?["display"] as? String
            #expect(author == anna)
            #expect(authenticator == anna)
            #expect(json["docStatus"] as? String == "final")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-\(id)-\(anna).json")
            try Data(exported.output.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let validation = try FHIRValidator.validate([file])
            #expect(validation.status == 0, "\(validation.output)")

            let shown = try station(["reports", "show", String(id)], as: bob)
            #expect(shown.output.contains("Corrected by the typist."))
            #expect(shown.output.contains(typist), "the history names the typist:\n\(shown.output)")
        }
    }

    @Test("recover as a real account: the recording no report owns becomes that account's report, once")
    func recoverIntoTheClinic() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let sample = try #require(try LibriVoxSamples.all().first)
        try await TestAccounts.with(1, in: clinic) { accounts in
            let anna = accounts[0]
            let store = clinic.address.conninfo
            let nothing = try TestAccounts.station(["recover", "--list"], as: anna, store: store)
            #expect(nothing.status == 0, "\(nothing.errors)")
            #expect(nothing.output.contains("nothing to recover"), "\(nothing.output)")
            // A recording left in anna's audio folder (a database lost before the clinic store, say).
            let audio = "/tmp/\(anna)/.local/share/dictation-station/audio"
            let name = "s-lost-1790000000000-abcd1234.wav"
            let copied = try Spawn(
                "/usr/sbin/runuser", ["-u", anna, "--", "/bin/cp", sample.file.path, "\(audio)/\(name)"]
            ).run()
            try #require(copied.termination?.status == 0)

            let listed = try TestAccounts.station(["recover", "--list"], as: anna, store: store)
            #expect(listed.output.contains(name), "\(listed.output)\(listed.errors)")
            let recovered = try TestAccounts.station(["recover"], as: anna, store: store)
            #expect(recovered.status == 0, "\(recovered.errors)")
            #expect(recovered.output.contains("Recovered \(name) as report"), "\(recovered.output)")
            #expect(
                try clinic.psql(
                    "SELECT r.author, count(d.*) FROM dictation.reports r "
                        + "LEFT JOIN dictation.report_audio_digests d ON d.report_id = r.id GROUP BY r.author"
                ).output == "\(anna)|1", "anna's report, its audio in the store")
            #expect(!FileManager.default.fileExists(atPath: "\(audio)/\(name)"), "the store keeps it now")
            let again = try TestAccounts.station(["recover"], as: anna, store: store)
            #expect(again.output.contains("nothing to recover"), "\(again.output)")
            #expect(try clinic.psql("SELECT count(*) FROM dictation.reports").output == "1")
        }
    }
}
