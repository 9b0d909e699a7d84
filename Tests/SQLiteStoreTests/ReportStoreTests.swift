import Foundation
import SQLiteStore
import StationCore
import Testing

@Suite("SQLite report store")
struct ReportStoreTests {
    @Test("every field of a report comes back as stored, after reopening")
    func roundTrip() async throws {
        let directory = TestDataDirectory()
        let new = sampleReport(confidence: 0.8125)
        let stored = try await directory.open().add(new)
        let reopened = try await directory.open()
        let read = try #require(try await reopened.report(id: stored.id))
        #expect(read.sessionName == new.sessionName)
        #expect(read.locale == "nl-NL")
        #expect(read.created == new.created)
        #expect(read.audioDuration == .milliseconds(83_250))
        #expect(read.audioFile == new.audioFile)
        #expect(read.originalText == new.text)
        #expect(read.text == new.text)
        #expect(read.status == .draft)
        #expect(read.confidence == 0.8125)
        #expect(read == stored)
    }

    @Test("the decoder's words are stored as the original transcript, the formatted text as the text")
    func transcriptStored() async throws {
        let directory = TestDataDirectory()
        var new = sampleReport("Blood pressure 120/80.")
        new.transcript = "Blood pressure one hundred twenty over eighty."
        let stored = try await directory.open().add(new)
        #expect(stored.originalText == "Blood pressure one hundred twenty over eighty.")
        let read = try #require(try await directory.open().report(id: stored.id))
        #expect(read.originalText == "Blood pressure one hundred twenty over eighty.")
        #expect(read.text == "Blood pressure 120/80.")
        #expect(read.status == .draft)
    }

    @Test(
        "UTF-8 names and text, NUL characters, an empty text and a 1 MB text survive",
        arguments: [
            ("Zimmer 3 – Frau Özdemir 👩‍⚕️", "Schmerzen im linken Knie. Ärztin informiert. 日本語も。"),
            ("Ward \"round\"; DROP TABLE reports; --", "text with a NUL \u{0} in the middle"),
            ("empty", ""),
            ("large", String(repeating: "Ω patient is comfortable. ", count: 1_048_576 / 27 + 1)),
        ])
    func unusualText(session: String, text: String) async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let stored = try await database.add(sampleReport(text, session: session, confidence: nil))
        let read = try #require(try await directory.open().report(id: stored.id))
        #expect(read.sessionName == session)
        #expect(read.text.utf8.count == text.utf8.count)
        #expect(read.text == text)
        #expect(read.originalText == text)
        #expect(read.confidence == nil)
    }

    @Test("a revision changes the text, keeps the original and records each edit with its time")
    func revisions() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let report = try await database.add(sampleReport("the original decode"))
        let first = Date(timeIntervalSince1970: 1_780_000_100)
        let second = Date(timeIntervalSince1970: 1_780_000_200)
        _ = try await database.revise(id: report.id, text: "first correction", at: first, by: "anna", reason: nil)
        let revised = try await database.revise(
            id: report.id, text: "second correction", at: second, by: "ben", reason: nil)
        #expect(revised.text == "second correction")
        #expect(revised.originalText == "the original decode")
        let reread = try #require(try await directory.open().report(id: report.id))
        #expect(reread.originalText == "the original decode")
        #expect(reread.text == "second correction")
        let history = try await database.revisions(id: report.id)
        #expect(history.map(\.number) == [1, 2])
        #expect(history.map(\.text) == ["first correction", "second correction"])
        #expect(history.map(\.created) == [first, second])
        #expect(history.allSatisfy { $0.reportID == report.id })
        #expect(history.map(\.author) == ["anna", "ben"])
        #expect(revised.status == .corrected)
    }

    @Test("draft → corrected → signed; a signed report changes only by an amendment with a reason")
    func phases() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let report = try await database.add(sampleReport(), ending: nil)
        let corrected = try await database.revise(
            id: report.id, text: "knee pain, left", at: Date(timeIntervalSince1970: 1_780_000_100), by: "anna",
            reason: nil)
        #expect(corrected.status == .corrected)
        let signedAt = Date(timeIntervalSince1970: 1_780_000_200)
        let signed = try await database.sign(id: report.id, by: "drvos", at: signedAt)
        #expect(signed.status == .signed)
        #expect(signed.signedBy == "drvos")
        #expect(signed.signedAt == signedAt)
        await #expect(throws: ReportStoreError.alreadySigned(id: report.id, by: "drvos")) {
            try await database.sign(id: report.id, by: "anna", at: signedAt)
        }
        await #expect(throws: ReportStoreError.amendmentNeedsReason(id: report.id)) {
            try await database.revise(id: report.id, text: "in place", at: signedAt, by: "anna", reason: nil)
        }
        #expect(try await database.report(id: report.id)?.text == "knee pain, left", "not edited in place")
        let amended = try await database.revise(
            id: report.id, text: "knee pain, right", at: Date(timeIntervalSince1970: 1_780_000_300), by: "drvos",
            reason: "side was wrong")
        #expect(amended.status == .amended)
        let history = try await directory.open().revisions(id: report.id)
        #expect(history.map(\.text) == ["knee pain, left", "knee pain, right"], "both versions are kept")
        #expect(history.map(\.reason) == [nil, "side was wrong"])
        let events = try await database.events(id: report.id)
        #expect(events.map(\.action) == [.created, .corrected, .signed, .amended])
        #expect(events.map(\.actor) == [nil, "anna", "drvos", "drvos"])
        #expect(events.last?.reason == "side was wrong")
    }

    @Test("reports are listed newest first, a page at a time")
    func listing() async throws {
        let database = try await TestDataDirectory().open()
        for minute in [3, 1, 2, 5, 4] {
            _ = try await database.add(
                sampleReport(
                    "minute \(minute)", created: Date(timeIntervalSince1970: 1_780_000_000 + Double(minute) * 60)))
        }
        let all = try await database.reports(search: nil, limit: 10, offset: 0)
        #expect(all.map(\.text) == ["minute 5", "minute 4", "minute 3", "minute 2", "minute 1"])
        let page = try await database.reports(search: nil, limit: 2, offset: 2)
        #expect(page.map(\.text) == ["minute 3", "minute 2"])
    }

    @Test("deleting a report deletes it, its revisions and its audio file")
    func deleteRemovesAudio() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let audio = directory.paths.audioDirectory.appendingPathComponent("dictation.wav")
        try Data("RIFF".utf8).write(to: audio)
        let report = try await database.add(sampleReport(audio: audio))
        _ = try await database.revise(
            id: report.id, text: "corrected", at: Date(timeIntervalSince1970: 1_780_000_100), by: nil, reason: nil)
        _ = try await database.deleteDraft(id: report.id, by: "anna", at: Date(timeIntervalSince1970: 1_780_000_200))
        #expect(try await database.report(id: report.id) == nil)
        #expect(try await database.revisions(id: report.id).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: audio.path))
    }

    @Test("audio an unsent dictation still uses, or outside the audio folder, is never deleted")
    func deleteKeepsAudioInUse() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let shared = directory.paths.audioDirectory.appendingPathComponent("in-progress.wav")
        try Data("RIFF".utf8).write(to: shared)
        try await database.save(
            SessionRecord(
                id: SessionID("s1"), name: "Ward round", locale: "en-US", state: .paused, elapsed: .seconds(5),
                audioFile: shared, created: Date(timeIntervalSince1970: 1_780_000_000),
                updated: Date(timeIntervalSince1970: 1_780_000_000)))
        let report = try await database.add(sampleReport(audio: shared))
        _ = try await database.deleteDraft(id: report.id, by: "anna", at: Date(timeIntervalSince1970: 1_780_000_200))
        #expect(FileManager.default.fileExists(atPath: shared.path))

        let outside = directory.paths.dataDirectory.appendingPathComponent("elsewhere.wav")
        try Data("RIFF".utf8).write(to: outside)
        let other = try await database.add(sampleReport(audio: outside))
        _ = try await database.deleteDraft(id: other.id, by: "anna", at: Date(timeIntervalSince1970: 1_780_000_200))
        #expect(FileManager.default.fileExists(atPath: outside.path))
    }

    @Test("an unknown report id is refused by revise, sign and delete")
    func unknownID() async throws {
        let database = try await TestDataDirectory().open()
        #expect(try await database.report(id: 42) == nil)
        await #expect(throws: ReportStoreError.noSuchReport(id: 42)) {
            try await database.revise(id: 42, text: "x", at: Date(timeIntervalSince1970: 0), by: nil, reason: nil)
        }
        await #expect(throws: ReportStoreError.noSuchReport(id: 42)) {
            try await database.sign(id: 42, by: "anna", at: Date(timeIntervalSince1970: 0))
        }
        await #expect(throws: ReportStoreError.noSuchReport(id: 42)) {
            try await database.deleteDraft(id: 42, by: "anna", at: Date(timeIntervalSince1970: 0))
        }
    }
}
