import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Reports start with numbers as clinicians write them")
struct FormattedReportTests {
    static let spoken = "Blood pressure one hundred twenty over eighty. Aspirin ten milligrams daily."
    static let written = "Blood pressure 120/80. Aspirin 10 mg daily."

    @Test("a sent dictation's report text is formatted, its original transcript keeps the decoder's words")
    func sent() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room 12")
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(4))
        session.pressMainAction()
        fixture.transcriber.answer(Self.spoken)
        session.pressSend()
        await session.settle()
        let report = try #require(fixture.reports.all.first)
        #expect(report.text == Self.written)
        #expect(report.originalText == Self.spoken)
        #expect(report.status == .draft)
        #expect(!report.wasCorrected, "formatting is no correction")

        let export = ReportExport.text(report, revisions: [], timeZone: TimeZone(identifier: "UTC")!)
        #expect(export.contains("\n\(Self.written)\n"))
        #expect(export.contains("Original transcript:\n\(Self.spoken)\n"))

        _ = try await fixture.reports.revise(
            id: report.id, text: "Blood pressure 130/80. Aspirin 10 mg daily.", at: fixture.clock.wallTime, by: "anna",
            reason: nil)
        let revised = try #require(try await fixture.reports.report(id: report.id))
        #expect(revised.wasCorrected)
        #expect(revised.originalText == Self.spoken)
    }

    @Test("a transcription in another language starts its report as decoded")
    func otherLocale() {
        let transcription = Transcription(text: "tien milligram", locale: "nl-NL", audioDuration: .seconds(2))
        #expect(transcription.reportText == "tien milligram")
        let english = Transcription(text: "ten milligrams", locale: "en-US", audioDuration: .seconds(2))
        #expect(english.reportText == "10 mg")
    }

    @Test("an imported recording's report is formatted the same way")
    func imported() async throws {
        let root = try AudioFixtures.temporaryDirectory("import-format")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = StationPaths(dataDirectory: root.appendingPathComponent("data"))
        try paths.createDirectories()
        let recording = root.appendingPathComponent("ward.wav")
        try Data("audio".utf8).write(to: recording)
        let transcriber = FakeTranscriber()
        transcriber.answer(Self.spoken)
        let reports = InMemoryReportStore()
        _ = try await DictationImporter(
            transcriber: transcriber, reports: reports, paths: paths, clock: ManualClock(), log: SilentLog()
        ).importRecordings([recording], session: "Ward round", locale: "en-US")
        let report = try #require(reports.all.first)
        #expect(report.text == Self.written)
        #expect(report.originalText == Self.spoken)
    }
}
