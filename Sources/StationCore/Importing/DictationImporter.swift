import Foundation

/// Turns recordings from a handheld recorder into reports: each file is copied into the station's audio
/// folder (0600), transcribed, and stored as a draft report of the named session. A file that fails is
/// reported and leaves nothing behind; the others are still imported.
public struct DictationImporter: Sendable {
    /// Copies a recording to a new private file (0600) in the station's audio folder.
    public typealias CopyFile = @Sendable (_ source: URL, _ destination: URL) throws -> Void

    public var transcriber: any Transcribing
    public var reports: any ReportStore
    public var paths: StationPaths
    public var clock: any StationClock
    public var log: any StationLog
    public var copyFile: CopyFile

    public init(
        transcriber: any Transcribing, reports: any ReportStore, paths: StationPaths, clock: any StationClock,
        log: any StationLog, copyFile: @escaping CopyFile = DictationImporter.privateCopy
    ) {
        self.transcriber = transcriber
        self.reports = reports
        self.paths = paths
        self.clock = clock
        self.log = log
        self.copyFile = copyFile
    }

    /// What became of one recording.
    public struct Outcome: Sendable {
        public var file: URL
        public var result: Result<Report, ImportError>
    }

    /// Imports `files` in order into reports of `session`, decoded in `locale`.
    public func importRecordings(
        _ files: [URL], session: String, locale: String
    ) async throws(SessionNameError)
        -> [Outcome]
    {
        let name = try SessionName.validate(session, existing: []).get()
        var outcomes: [Outcome] = []
        for (index, file) in files.enumerated() {
            let result = await importRecording(file, number: index + 1, session: name, locale: locale)
            outcomes.append(Outcome(file: file, result: result))
        }
        return outcomes
    }

    private func importRecording(
        _ file: URL, number: Int, session: String, locale: String
    ) async -> Result<
        Report, ImportError
    > {
        let copy = destination(for: file, number: number)
        do {
            try copyFile(file, copy)
        } catch {
            log.log(.error, "import: copying recording \(number) failed: \(error)")
            return .failure(.copyFailed(detail: "\(error)"))
        }
        do {
            let transcription = try await transcriber.transcribe(file: copy, locale: locale)
            let report = try await storeReport(transcription, audio: copy, session: session)
            log.log(.info, "import: recording \(number) stored as report \(report.id)")
            return .success(report)
        } catch {
            // The recorder still holds the original: no half-imported copy is kept.
            try? FileManager.default.removeItem(at: copy)
            log.log(.error, "import: recording \(number) failed: \(error)")
            return .failure(error as? ImportError ?? .transcriptionFailed(detail: "\(error)"))
        }
    }

    private func storeReport(_ transcription: Transcription, audio: URL, session: String) async throws -> Report {
        let report = NewReport(
            sessionName: session, locale: transcription.locale, created: clock.wallTime,
            audioDuration: transcription.audioDuration, audioFile: audio, text: transcription.text,
            confidence: transcription.confidence)
        do {
            return try await reports.add(report)
        } catch {
            throw ImportError.storeFailed(detail: "\(error)")
        }
    }

    /// `<audio>/import-<milliseconds>-<n>.<extension>`: no session or original name, which may name a patient.
    func destination(for file: URL, number: Int) -> URL {
        let stamp = Int64(clock.wallTime.timeIntervalSince1970 * 1000)
        let name = "import-\(stamp)-\(number)"
        let fileExtension = file.pathExtension.lowercased()
        let url = paths.audioDirectory.appendingPathComponent(name)
        return fileExtension.isEmpty ? url : url.appendingPathExtension(fileExtension)
    }

    /// Copies with FileManager and makes the copy private to the user.
    public static func privateCopy(_ source: URL, _ destination: URL) throws {
        try FileManager.default.copyItem(at: source, to: destination)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: destination.path)
    }
}

/// Why a recording could not be imported.
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    case copyFailed(detail: String)
    case transcriptionFailed(detail: String)
    case storeFailed(detail: String)

    public var description: String {
        switch self {
        case .copyFailed(let detail): "the recording could not be copied: \(detail)"
        case .transcriptionFailed(let detail): detail
        case .storeFailed(let detail): "the report could not be stored: \(detail)"
        }
    }
}
