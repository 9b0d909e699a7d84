import Foundation
import StationCore
import StationTestSupport
import Testing

@Suite("Importing recordings from a handheld recorder")
struct DictationImporterTests {
    struct Fixture {
        let transcriber = FakeTranscriber()
        let reports = InMemoryReportStore()
        let clock = ManualClock()
        let paths: StationPaths
        let recorder: URL

        init() throws {
            let root = try AudioFixtures.temporaryDirectory("import")
            paths = StationPaths(dataDirectory: root.appendingPathComponent("data"))
            try paths.createDirectories()
            recorder = root.appendingPathComponent("recorder", isDirectory: true)
            try FileManager.default.createDirectory(at: recorder, withIntermediateDirectories: true)
        }

        func recording(_ name: String) throws -> URL {
            let file = recorder.appendingPathComponent(name)
            try Data("audio of \(name)".utf8).write(to: file)
            return file
        }

        func importer(copy: @escaping DictationImporter.CopyFile = DictationImporter.privateCopy) -> DictationImporter {
            DictationImporter(
                transcriber: transcriber, reports: reports, paths: paths, clock: clock, log: SilentLog(), copyFile: copy
            )
        }

        var audioFiles: [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: paths.audioDirectory.path).sorted()) ?? []
        }
    }

    @Test("each recording becomes a draft report with its audio copied privately")
    func imports() async throws {
        let fixture = try Fixture()
        fixture.transcriber.answer("Patient stable.")
        let files = [try fixture.recording("Mrs Jansen.MP3"), try fixture.recording("ward.wav")]
        let outcomes = try await fixture.importer().importRecordings(files, session: "  Ward round ", locale: "en-US")

        #expect(outcomes.map(\.file) == files)
        let reports = fixture.reports.all
        #expect(reports.count == 2)
        for (report, original) in zip(reports, files) {
            #expect(report.sessionName == "Ward round")
            #expect(report.text == "Patient stable.")
            #expect(report.locale == "en-US")
            #expect(report.status == .draft)
            #expect(report.created == fixture.clock.wallTime)
            let audio = try #require(report.audioFile)
            #expect(
                audio.deletingLastPathComponent().standardizedFileURL
                    == fixture.paths.audioDirectory.standardizedFileURL)
            #expect(!audio.lastPathComponent.contains("Jansen"), "no patient name in file names")
            #expect(audio.pathExtension == original.pathExtension.lowercased())
            #expect(try Data(contentsOf: audio) == Data(contentsOf: original))
            let permissions = try FileManager.default.attributesOfItem(atPath: audio.path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
        }
        let expectedCalls = [
            "transcribe import-1800000000000-1.mp3 en-US", "transcribe import-1800000000000-2.wav en-US",
        ]
        #expect(fixture.transcriber.log.calls == expectedCalls)
    }

    @Test("a recording that cannot be transcribed is reported, leaves no copy, and the others still import")
    func failureInTheMiddle() async throws {
        let fixture = try Fixture()
        let good = try fixture.recording("one.wav")
        let missing = fixture.recorder.appendingPathComponent("gone.wav")
        let outcomes = try await fixture.importer().importRecordings(
            [missing, good], session: "Room 12", locale: "en-US")
        guard case .failure(.copyFailed) = outcomes[0].result else {
            Issue.record("expected a copy failure, got \(outcomes[0].result)")
            return
        }
        #expect((try? outcomes[1].result.get()) != nil)

        fixture.transcriber.fail(with: TranscriptionError.modelNotInstalled(locale: "fr-FR"))
        let failed = try await fixture.importer().importRecordings([good], session: "Room 12", locale: "fr-FR")
        guard case .failure(.transcriptionFailed(let detail)) = failed[0].result else {
            Issue.record("expected a transcription failure")
            return
        }
        #expect(detail.contains("fr-FR"))
        #expect(fixture.reports.all.count == 1)
        #expect(fixture.audioFiles.count == 1, "only the stored report's audio: \(fixture.audioFiles)")
    }

    @Test("a store that refuses the report leaves no copy behind")
    func storeFails() async throws {
        let fixture = try Fixture()
        fixture.reports.failWrites(with: CocoaError(.fileWriteNoPermission))
        let outcomes = try await fixture.importer().importRecordings(
            [try fixture.recording("a.wav")], session: "Room 3", locale: "en-US")
        guard case .failure(.storeFailed) = outcomes[0].result else {
            Issue.record("expected a store failure, got \(outcomes[0].result)")
            return
        }
        #expect(fixture.audioFiles.isEmpty)
    }

    @Test("a bad session name is refused before anything is copied")
    func badSessionName() async throws {
        let fixture = try Fixture()
        await #expect(throws: SessionNameError.empty) {
            _ = try await fixture.importer().importRecordings(
                [try fixture.recording("a.wav")], session: " ", locale: "en-US")
        }
        #expect(fixture.audioFiles.isEmpty)
        #expect(fixture.transcriber.log.calls.isEmpty)
    }
}
