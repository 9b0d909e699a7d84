import Foundation
import SpeakerAdaptation
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// `clinic import-station DIR` moves a station's voice profile and vocabulary too, with the real binary
/// as a real OS account: checked file by file, the store's own words kept, and nothing twice.
@Suite(
    "Clinic store: a station's voice profiles and vocabulary imported, as a real account", .serialized,
    .enabled(if: TestServer.isRunning, TestServer.skipReason),
    .enabled(if: getuid() == 0, "making an OS account needs root, as CI runs"))
struct StationProfileImportTests {
    /// Puts a profile of `author` in the station's `profiles/` as a training would have kept it.
    static func keepProfile(of author: String, in directory: String, owner: String) throws -> [String: String] {
        // Made as root beside the station, then given to its account (root may not keep private files
        // in a folder of another account).
        let made = try AudioFixtures.temporaryDirectory("station-profile")
        defer { try? FileManager.default.removeItem(at: made) }
        let profiles = SpeakerProfiles(directory: made.appendingPathComponent("profiles"))
        let scratch = try profiles.scratchFolder(author: author)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let model = scratch.appendingPathComponent("map", isDirectory: true)
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: false)
        var digests: [String: String] = [:]
        for name in ["feat.params", "mdef", "means", "noisedict", "sendump", "transition_matrices", "variances"] {
            let file = model.appendingPathComponent(name)
            try FileManager.default.copyItem(
                at: ClinicVoiceProfileTests.stock.acousticModel.appendingPathComponent(name), to: file)
            digests[name] = try FileDigest.sha256(of: file)
        }
        try profiles.install(model: model, record: ClinicVoiceProfileTests.record(author: author), scratch: scratch)
        try profiles.recordAttempt(
            VoiceProfileAttempt(date: Date(timeIntervalSince1970: 1_790_000_000), dictations: ["a.wav 1f"]),
            author: author, locale: "en-US")
        _ = try Spawn("/usr/bin/cp", ["-a", "\(made.path)/profiles/.", "\(directory)/profiles/"]).run()
        _ = try Spawn("/usr/bin/chown", ["-R", "\(owner):", "\(directory)/profiles"]).run()
        return digests
    }

    @Test("a station's profile and words come in once, checked; the store's own pronunciation is kept")
    func importTwice() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        try await TestAccounts.with(2, in: clinic) { accounts in
            let (anna, bob) = (accounts[0], accounts[1])
            let directory = "/tmp/\(anna)/.local/share/dictation-station"
            let store = clinic.address.conninfo
            func station(
                _ arguments: [String], as account: String? = nil, store: String = ""
            ) throws
                -> TestAccounts.Outcome
            {
                try TestAccounts.station(arguments, as: account ?? anna, store: store)
            }
            func value(_ sql: String) throws -> String { try clinic.psql(sql).mustSucceed().output }

            // Her own station: two words and a voice profile.
            #expect(try station(["reports"]).status == 0)
            #expect(try station(["vocabulary", "add", "metoprolol", "M EH T AH P R AW L AA L"]).status == 0)
            #expect(try station(["vocabulary", "add", "apixaban", "AE P IH K S AH B AE N"]).status == 0)
            let digests = try Self.keepProfile(of: anna, in: directory, owner: anna)
            // Bob said apixaban otherwise in the clinic store already.
            #expect(
                try station(["vocabulary", "add", "apixaban", "AH P IH K S AH B AE N"], as: bob, store: store).status
                    == 0)

            let first = try station(["clinic", "import-station", directory], store: store)
            #expect(first.status == 0, "\(first.errors)")
            #expect(
                first.output.contains(
                    "Voice profiles: 1 imported, each file checked against the station's sha256; 0 in the clinic store already"
                ),
                "\(first.output)")
            #expect(
                first.output.contains(
                    "Clinic vocabulary: 1 word added; 0 in the clinic store already; 1 said otherwise there"),
                "\(first.output)")
            #expect(
                try value("SELECT author || ' ' || locale FROM dictation.voice_profiles WHERE sealed")
                    == "\(anna) en-US")
            #expect(
                try value(
                    "SELECT string_agg(name || ':' || sha256, ',' ORDER BY name) FROM dictation.voice_profile_digests")
                    == digests.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ","),
                "the store's seals are the station's files")
            #expect(try value("SELECT author FROM dictation.voice_profile_attempts") == anna)
            #expect(
                try value(
                    "SELECT string_agg(word || ':' || added_by || ':' || phones, ',' ORDER BY word) FROM dictation.vocabulary"
                )
                    == "apixaban:\(bob):AH P IH K S AH B AE N,metoprolol:\(anna):M EH T AH P R AW L AA L")
            // On the clinic store, anna's profile is hers on any workstation: her `profiles` lists it.
            #expect(try station(["profiles"], store: store).output.contains("\(anna)\ten-US\tmap"))

            // Again: nothing changes, and it says so.
            let second = try station(["clinic", "import-station", directory], store: store)
            #expect(second.status == 0, "\(second.errors)")
            #expect(second.output.contains("Nothing to import"), "\(second.output)")
            #expect(
                second.output.contains(
                    "Voice profiles: 0 imported, each file checked against the station's sha256; 1 in the clinic store already"
                ), "\(second.output)")
            #expect(
                second.output.contains(
                    "Clinic vocabulary: 0 words added; 1 in the clinic store already; 1 said otherwise there"),
                "\(second.output)")
            #expect(try value("SELECT count(*) FROM dictation.voice_profiles") == "1")
            #expect(try value("SELECT min(id) FROM dictation.voice_profiles") == "1", "the same profile, not a copy")
            #expect(try value("SELECT count(*) FROM dictation.vocabulary") == "2")

            // A profile the station keeps under another name stays behind.
            _ = try Self.keepProfile(of: "mallory", in: directory, owner: anna)
            let third = try station(["clinic", "import-station", directory], store: store)
            #expect(third.status == 1)
            #expect(third.errors.contains("voice profile of mallory (en-US) is not imported"), "\(third.errors)")
            #expect(!third.errors.contains("Error Domain"))
            #expect(try value("SELECT count(*) FROM dictation.voice_profiles") == "1")
            #expect(
                FileManager.default.fileExists(atPath: "\(directory)/profiles/\(anna)/en-US/model/mdef"),
                "the station keeps its own")
        }
    }
}
