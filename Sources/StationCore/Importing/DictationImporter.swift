import Foundation
import Localization

/// Turns recordings from a handheld recorder into reports: each file is copied into the station's audio
/// folder (0600), transcribed, and stored as a draft report of the named session. A file that fails is
/// reported and leaves nothing behind; the others are still imported.
///
/// The copy gets a name no other process can choose (a time stamp and a random UUID, created
/// exclusively), and carries an import marker until its report is stored, so an import killed midway
/// leaves a recording that the next start finds and shows (see `OrphanFinder`).
public struct DictationImporter: Sendable {
    /// Copies a recording to a new private file (0600) in the station's audio folder; it must not exist.
    public typealias CopyFile = @Sendable (_ source: URL, _ destination: URL) throws -> Void

    public var transcriber: any Transcribing
    public var reports: any ReportStore
    public var paths: StationPaths
    public var clock: any StationClock
    public var log: any StationLog
    public var copyFile: CopyFile
    public var marking: any ImportMarking

    public init(
        transcriber: any Transcribing, reports: any ReportStore, paths: StationPaths, clock: any StationClock,
        log: any StationLog, copyFile: @escaping CopyFile = DictationImporter.privateCopy,
        marking: any ImportMarking = NoImportMarking()
    ) {
        self.transcriber = transcriber
        self.reports = reports
        self.paths = paths
        self.clock = clock
        self.log = log
        self.copyFile = copyFile
        self.marking = marking
    }

    /// What became of one recording.
    public struct Outcome: Sendable {
        public var file: URL
        public var result: Result<Report, ImportError>
    }

    /// Imports `files` in order into reports of `session`, decoded in `locale`, dictated by `author`
    /// about the patient (with the work type and priority) in `properties`.
    public func importRecordings(
        _ files: [URL], session: String, locale: String, author: String? = nil,
        properties: DictationProperties = DictationProperties()
    ) async throws(SessionNameError)
        -> [Outcome]
    {
        let name = try SessionName.validate(session, existing: []).get()
        var outcomes: [Outcome] = []
        for (index, file) in files.enumerated() {
            let result = await importRecording(
                file, number: index + 1, session: name, locale: locale, author: author, properties: properties)
            outcomes.append(Outcome(file: file, result: result))
        }
        return outcomes
    }

    private func importRecording(
        _ file: URL, number: Int, session: String, locale: String, author: String?, properties: DictationProperties
    ) async -> Result<
        Report, ImportError
    > {
        let copy = destination(for: file)
        let mark: any ImportMark
        do {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
            mark = try marking.begin(
                copy, intent: ImportIntent(session: session, locale: locale, bytes: bytes, author: author))
        } catch {
            log.log(.error, "import: marking recording \(number) failed: \(error)")
            return .failure(ImportError(copying: error, reading: false))
        }
        // Ended after the report is stored or the copy removed; a killed import leaves it behind.
        defer { mark.end() }
        do {
            try copyFile(file, copy)
        } catch {
            log.log(.error, "import: copying recording \(number) failed: \(error)")
            return .failure(ImportError(copying: error, reading: true))
        }
        HoldPoint.reach("import-audio-written")
        do {
            let transcription = try await transcriber.transcribe(file: copy, locale: locale, speaker: author)
            // Not one sample: an empty report would look like a dictation in which nothing was said.
            guard transcription.audioDuration > .zero else { throw ImportError.noSound }
            let report = try await storeReport(
                transcription, audio: copy, session: session, author: author, properties: properties)
            log.log(.info, "import: recording \(number) stored as report \(report.id)")
            return .success(report)
        } catch {
            // The recorder still holds the original: no half-imported copy is kept.
            try? FileManager.default.removeItem(at: copy)
            log.log(.error, "import: recording \(number) failed: \(error)")
            if let known = error as? ImportError { return .failure(known) }
            let reason = (error as? TranscriptionError)?.description ?? tr("the speech decoder failed")
            return .failure(.transcriptionFailed(detail: reason))
        }
    }

    private func storeReport(
        _ transcription: Transcription, audio: URL, session: String, author: String?, properties: DictationProperties
    ) async throws -> Report {
        let report = NewReport(
            transcribed: transcription, sessionName: session, created: clock.wallTime, audioFile: audio,
            author: author, properties: properties)
        do {
            return try await reports.add(report)
        } catch {
            log.log(.error, "import: storing the report failed: \(error)")
            throw ImportError.storeFailed
        }
    }

    /// `<audio>/import-<milliseconds>-<UUID>.<extension>`: unique across processes, and no session or
    /// original name, which may name a patient.
    func destination(for file: URL) -> URL {
        let stamp = Int64(clock.wallTime.timeIntervalSince1970 * 1000)
        let name = "import-\(stamp)-\(UUID().uuidString.lowercased())"
        let fileExtension = file.pathExtension.lowercased()
        let url = paths.audioDirectory.appendingPathComponent(name)
        return fileExtension.isEmpty ? url : url.appendingPathExtension(fileExtension)
    }

    /// Copies exclusively, in chunks, into a private file (see `PrivateAudioCopy`).
    public static func privateCopy(_ source: URL, _ destination: URL) throws {
        try PrivateAudioCopy.copy(source, destination)
    }
}
