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
        let calls = fixture.transcriber.log.calls
        #expect(calls.count == 2)
        #expect(calls.first?.hasPrefix("transcribe import-1800000000000-") == true, "\(calls)")
        #expect(calls.first?.hasSuffix(".mp3 en-US") == true, "\(calls)")
        #expect(calls.last?.hasSuffix(".wav en-US") == true, "\(calls)")
        #expect(Set(reports.compactMap(\.audioFile)).count == 2)
    }

    @Test("a recording that cannot be transcribed is reported, leaves no copy, and the others still import")
    func failureInTheMiddle() async throws {
        let fixture = try Fixture()
        let good = try fixture.recording("one.wav")
        let missing = fixture.recorder.appendingPathComponent("gone.wav")
        let outcomes = try await fixture.importer().importRecordings(
            [missing, good], session: "Room 12", locale: "en-US")
        guard case .failure(.recordingMissing) = outcomes[0].result else {
            Issue.record("expected a missing recording, got \(outcomes[0].result)")
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

    @Test("a missing recording is told as a sentence with what to do, not as a Foundation error dump")
    func missingRecordingIsASentence() async throws {
        let fixture = try Fixture()
        let outcomes = try await fixture.importer().importRecordings(
            [fixture.recorder.appendingPathComponent("gone.wav")], session: "Room 12", locale: "en-US")
        let error = try #require(outcomes.first.flatMap { if case .failure(let e) = $0.result { e } else { nil } })
        #expect(error.description.contains("there is no such file"))
        #expect(!error.description.contains("NSCocoaErrorDomain") && !error.description.contains("UserInfo"))
    }

    @Test("two importers at the same millisecond never pick the same file name")
    func namesAreUnique() async throws {
        let fixture = try Fixture()
        let file = try fixture.recording("same.wav")
        let first = try await fixture.importer().importRecordings([file], session: "A", locale: "en-US")
        let second = try await fixture.importer().importRecordings([file], session: "A", locale: "en-US")
        let audio = [first, second].compactMap { try? $0[0].result.get().audioFile }
        #expect(audio.count == 2)
        #expect(Set(audio).count == 2, "\(audio)")
        #expect(fixture.audioFiles.count == 2)
    }

    @Test("the copy never overwrites a file that exists (it is created exclusively)")
    func copyIsExclusive() throws {
        let fixture = try Fixture()
        let source = try fixture.recording("new.wav")
        let existing = fixture.paths.audioDirectory.appendingPathComponent("taken.wav")
        try Data("someone else's recording".utf8).write(to: existing)
        #expect(throws: (any Error).self) { try PrivateAudioCopy.copy(source, existing) }
        #expect(try Data(contentsOf: existing) == Data("someone else's recording".utf8))
    }

    @Test("the import is marked from before the copy until its report is stored")
    func marksTheImport() async throws {
        let fixture = try Fixture()
        let marking = RecordingMarking()
        let importer = DictationImporter(
            transcriber: fixture.transcriber, reports: fixture.reports, paths: fixture.paths, clock: fixture.clock,
            log: SilentLog(), marking: marking)
        _ = try await importer.importRecordings([try fixture.recording("a.wav")], session: "Ward", locale: "en-US")
        let events = marking.events.current
        #expect(events.count == 2, "\(events)")
        #expect(
            events.first?.hasPrefix("begin import-") == true && events.first?.hasSuffix(" Ward en-US 14 bytes") == true,
            "\(events)")
        #expect(events.last == "end")
    }
}

/// Records what the importer marks, in order.
final class RecordingMarking: ImportMarking, Sendable {
    let events = Locked<[String]>([])

    func begin(_ recording: URL, intent: ImportIntent) throws -> any ImportMark {
        // The copy must not exist yet when the mark is made.
        let exists = FileManager.default.fileExists(atPath: recording.path)
        events.withLock {
            let size = intent.bytes.map { " \($0) bytes" } ?? ""
            $0.append(
                "begin \(recording.lastPathComponent) \(intent.session) \(intent.locale)\(size)"
                    + (exists ? " (exists)" : ""))
        }
        return Mark(events: events)
    }

    struct Mark: ImportMark {
        let events: Locked<[String]>
        func end() { events.withLock { $0.append("end") } }
    }
}
