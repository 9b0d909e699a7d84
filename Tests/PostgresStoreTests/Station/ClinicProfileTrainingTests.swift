import Foundation
import SpeakerAdaptation
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// A care worker's voice profile trained from their corrected reports in the clinic store, and used on
/// another workstation: the real binary as a real account, real training, real decoding.
@Suite(
    "Clinic store: a voice profile trained from the store follows its author", .serialized,
    .enabled(if: TestServer.isRunning, TestServer.skipReason),
    .enabled(if: getuid() == 0, "making an OS account needs root, as CI runs"))
struct ClinicProfileTrainingTests {
    @Test("profiles update trains from the store's reports and audio; another workstation decodes with it, no one else")
    func trainedHereDecodedThere() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let corpus = try DevCorpusSentences.generate("slt")
        try await TestAccounts.with(2, in: clinic) { accounts in
            let (anna, bob) = (accounts[0], accounts[1])
            let store = clinic.address.conninfo
            func station(_ arguments: [String], as account: String) throws -> TestAccounts.Outcome {
                try TestAccounts.station(arguments, as: account, store: store)
            }
            // Twenty-five dictations of anna's in the store, each corrected; their audio is the store's alone.
            let annas = try await clinic.store(as: anna)
            let sending = try AudioFixtures.temporaryDirectory("clinic-training")
            defer { try? FileManager.default.removeItem(at: sending) }
            for dictation in try DevCorpusSentences.sentences(1...25, in: corpus) {
                let audio = sending.appendingPathComponent(dictation.audioFile.lastPathComponent)
                try FileManager.default.copyItem(at: dictation.audioFile, to: audio)
                let report = try await annas.add(
                    NewReport(
                        sessionName: "Ward round", locale: "en-US", created: dictation.created,
                        audioDuration: .seconds(3), audioFile: audio, text: "decoded words", author: anna))
                _ = try await annas.revise(
                    id: report.id, text: dictation.text + ".", at: dictation.created, by: anna, reason: nil)
            }

            // Training takes minutes on a busy machine.
            let update = try TestAccounts.station(
                ["profiles", "update"], as: anna, store: store, deadline: .seconds(1200))
            #expect(update.status == 0, "\(update.output)\n\(update.errors)")
            #expect(
                try clinic.psql("SELECT author FROM dictation.voice_profiles WHERE sealed").output == anna,
                "kept in the store as anna's:\n\(update.output)")
            let home = "/tmp/\(anna)/.local/share/dictation-station"
            let left = try FileManager.default.contentsOfDirectory(atPath: "\(home)/profiles/\(anna)")
            #expect(!left.contains { $0.hasPrefix(".training") }, "the audio copies are gone: \(left)")

            // Another workstation of anna's (a data directory that never trained), and bob.
            let unseen = URL(fileURLWithPath: "/tmp/ds-unseen-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: unseen, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: unseen) }
            let sentences = try DevCorpusSentences.sentences(81...95, in: corpus)
            let files = try sentences.map { sentence in
                let file = unseen.appendingPathComponent(sentence.audioFile.lastPathComponent)
                try FileManager.default.copyItem(at: sentence.audioFile, to: file)
                return file.path
            }
            _ = try Spawn("/bin/chmod", ["-R", "a+rX", unseen.path]).run()
            func errorRate(_ extra: [String], as account: String) throws -> (WordErrors, String) {
                let run = try station(
                    ["--data-dir", "/tmp/\(account)/ws2", "transcribe", "--tsv"] + extra + files, as: account)
                #expect(run.status == 0, "\(run.errors)")
                let texts = run.output.split(separator: "\n").map {
                    $0.split(separator: "\t").last.map(String.init) ?? ""
                }
                let total = zip(sentences, texts).reduce(WordErrors()) {
                    $0
                        + WordErrors.of(
                            hypothesis: SpokenWords.of(ClinicalNumbers.spoken($1.1)),
                            reference: SpokenWords.of($1.0.text))
                }
                return (total, run.errors)
            }
            let (stock, _) = try errorRate([], as: anna)
            let (profiled, said) = try errorRate(["--author", anna], as: anna)
            #expect(said.contains("Decoded with \(anna)'s en-US voice profile"), "\(said)")
            print(
                "clinic profile on another workstation: stock \(stock.percent) %, with the profile \(profiled.percent) %"
            )
            #expect(profiled.percent < stock.percent)
            #expect(
                FileManager.default.fileExists(atPath: "/tmp/\(anna)/ws2/clinic-profiles/\(anna)/en-US"),
                "decoded from that workstation's own copy")
            let (_, bobSaid) = try errorRate(["--author", anna], as: bob)
            #expect(bobSaid.contains("No en-US voice profile for \(anna)"), "bob never gets anna's profile: \(bobSaid)")
        }
    }
}
