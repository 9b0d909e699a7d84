import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// `vocabulary` and `profiles` on the clinic store, the real binary run as real OS accounts, each with a
/// data directory of its own: the words and the profiles are the store's, not the data directory's.
@Suite(
    "Clinic store: vocabulary and voice profiles from the command line", .serialized,
    .enabled(if: TestServer.isRunning, TestServer.skipReason),
    .enabled(if: getuid() == 0, "making an OS account needs root, as CI runs"))
struct ClinicProfileCommandTests {
    @Test("a word one care worker adds is listed for another; a profile is listed and reset by its author alone")
    func wordsAndProfiles() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        try await TestAccounts.with(2, in: clinic) { accounts in
            let (anna, bob) = (accounts[0], accounts[1])
            func station(_ arguments: [String], as account: String) throws -> TestAccounts.Outcome {
                try TestAccounts.station(arguments, as: account, store: clinic.address.conninfo)
            }

            let added = try station(["vocabulary", "add", "metoprolol", "M EH T AH P R AW L AA L"], as: anna)
            #expect(added.status == 0, "\(added.errors)")
            #expect(try clinic.psql("SELECT word, added_by FROM dictation.vocabulary").output == "metoprolol|\(anna)")
            let listed = try station(["vocabulary", "list"], as: bob)
            #expect(listed.status == 0, "\(listed.errors)")
            #expect(listed.output.contains("en-US\tmetoprolol\tM EH T AH P R AW L AA L"), "\(listed.output)")

            // Anna's profile, trained on some workstation.
            let workstation = try ClinicVoiceProfileTests.Workstation(clinic, as: anna)
            defer { workstation.remove() }
            let (model, scratch) = try ClinicVoiceProfileTests.trainedModel(on: workstation, author: anna)
            try workstation.profiles.install(
                model: model, record: ClinicVoiceProfileTests.record(author: anna), scratch: scratch)

            let annasList = try station(["profiles"], as: anna)
            #expect(annasList.status == 0, "\(annasList.errors)")
            #expect(annasList.output.contains("\(anna)\ten-US\tmap"), "\(annasList.output)")
            let bobsList = try station(["profiles"], as: bob)
            #expect(bobsList.output.contains("No voice profiles"), "bob sees no one else's:\n\(bobsList.output)")
            let bobResets = try station(["profiles", "reset", anna], as: bob)
            #expect(bobResets.status != 0)
            #expect(bobResets.errors.contains("only by its own author"), "\(bobResets.errors)")
            #expect(!bobResets.errors.contains("Error Domain"))
            #expect(try clinic.psql("SELECT count(*) FROM dictation.voice_profiles").output == "1")
            let annaResets = try station(["profiles", "reset", anna], as: anna)
            #expect(annaResets.status == 0, "\(annaResets.errors)")
            #expect(annaResets.output.contains("Removed the voice profile of \(anna)"), "\(annaResets.output)")
            #expect(try clinic.psql("SELECT count(*) FROM dictation.voice_profiles").output == "0")
        }
    }
}
