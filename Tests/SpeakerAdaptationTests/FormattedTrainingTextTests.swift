import Foundation
import SpeakerAdaptation
import StationCore
import StationTestSupport
import Testing

@Suite("Formatted reports train in the words that were spoken")
struct FormattedTrainingTextTests {
    static let dictionary = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")
    static let decoded =
        "Blood pressure one hundred twenty over eighty. Temperature thirty seven point five degrees. "
        + "Saturation ninety eight percent on two liters per minute. Aspirin ten milligrams daily."

    func store(_ texts: [(name: String, text: String, locale: String)]) async throws -> (InMemoryReportStore, URL) {
        let folder = try AudioFixtures.temporaryDirectory("formatted-training")
        let store = InMemoryReportStore()
        for entry in texts {
            let audio = folder.appendingPathComponent("\(entry.name).wav")
            try Data("RIFF".utf8).write(to: audio)
            _ = try await store.add(
                NewReport(
                    sessionName: entry.name, locale: entry.locale, created: Date(timeIntervalSince1970: 1_900_000_000),
                    audioDuration: .seconds(3), audioFile: audio,
                    text: ClinicalNumbers.format(entry.text, locale: entry.locale), transcript: entry.text,
                    author: "alice"),
                ending: nil)
        }
        return (store, folder)
    }

    @Test("a formatted draft no one looked at is not training data")
    func untouchedDraft() async throws {
        let (store, folder) = try await store([("draft", Self.decoded, "en-US")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try #require(store.all.first)
        #expect(report.text != report.originalText, "formatted")
        let found = try await ReportDictations(store: store).dictations(author: "alice", locale: "en-US")
        #expect(found.isEmpty, "the decoder's own mistakes would be learnt")
    }

    @Test("a corrected formatted report trains as the words spoken, every one in the dictionary")
    func corrected() async throws {
        let (store, folder) = try await store([("room", Self.decoded, "en-US")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try #require(store.all.first)
        // The person fixed a word the decoder got wrong; the digits stay as formatted.
        let correction = report.text.replacingOccurrences(of: "Aspirin", with: "Ibuprofen")
        _ = try await store.revise(id: report.id, text: correction, at: report.created, by: "alice", reason: nil)
        let found = try await ReportDictations(store: store).dictations(author: "alice", locale: "en-US")
        let text = try #require(found.first?.text)
        #expect(
            SpokenWords.of(text) == SpokenWords.of(Self.decoded.replacingOccurrences(of: "Aspirin", with: "Ibuprofen")))
        let dictionary = try PronunciationDictionary(contentsOf: Self.dictionary)
        let unknown = SpokenWords.of(text).filter { !dictionary.knows($0) }
        #expect(unknown.isEmpty, "words bw could not align: \(unknown)")
    }

    @Test("a signed report in another language trains as written")
    func otherLocale() async throws {
        let (store, folder) = try await store([("zimmer", "Blutdruck 120/80", "de-DE")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try #require(store.all.first)
        _ = try await store.sign(id: report.id, by: "alice", at: report.created)
        let found = try await ReportDictations(store: store).dictations(author: "alice", locale: "de-DE")
        #expect(found.first?.text == "Blutdruck 120/80")
    }
}
