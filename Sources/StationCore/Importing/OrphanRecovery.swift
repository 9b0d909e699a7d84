import Foundation
import Localization

/// Makes reports again of orphaned recordings: each is transcribed and stored as a draft report that
/// keeps the recording as its audio, so a second recovery finds nothing. A recording that fails stays
/// where it is, untouched, and is shown again next time.
public struct OrphanRecovery: Sendable {
    public var transcriber: any Transcribing
    public var reports: any ReportStore
    public var inventory: any AudioInventory
    public var clock: any StationClock
    public var log: any StationLog

    /// The locale of a recording no marker says anything about.
    public static let defaultLocale = "en-US"

    public init(
        transcriber: any Transcribing, reports: any ReportStore, inventory: any AudioInventory,
        clock: any StationClock, log: any StationLog
    ) {
        self.transcriber = transcriber
        self.reports = reports
        self.inventory = inventory
        self.clock = clock
        self.log = log
    }

    /// What became of one orphan.
    public enum Outcome: Sendable, Equatable {
        case recovered(Report)
        /// Owned by now (another process stored its report meanwhile): nothing to do.
        case alreadyOwned
        case failed(RecoveryError)
    }

    /// Recovers `orphans` in order; `locale` overrides each one's own (its import's, else en-US).
    public func recover(_ orphans: [OrphanRecording], locale: String?) async -> [(OrphanRecording, Outcome)] {
        var outcomes: [(OrphanRecording, Outcome)] = []
        for orphan in orphans {
            outcomes.append((orphan, await recover(orphan, locale: locale)))
        }
        return outcomes
    }

    /// The session name a recovered report gets: its import's session, else "Recovered <file name>".
    public static func sessionName(for orphan: OrphanRecording) -> String {
        orphan.unfinishedImport?.intent?.session ?? tr("Recovered \(orphan.file.lastPathComponent)")
    }

    private func recover(_ orphan: OrphanRecording, locale: String?) async -> Outcome {
        let name = orphan.file.lastPathComponent
        do {
            // Looked at again right before the work: the scan may be old.
            if try await inventory.ownedRecordingNames().contains(name) { return .alreadyOwned }
            if inventory.importMarker(for: orphan.file) == .inProgress { return .alreadyOwned }
        } catch {
            log.log(.error, "recover: reading the database failed: \(error)")
            return .failed(.storeFailed)
        }
        let locale = locale ?? orphan.unfinishedImport?.intent?.locale ?? Self.defaultLocale
        let author = orphan.unfinishedImport?.intent?.author
        let transcription: Transcription
        do {
            transcription = try await transcriber.transcribe(file: orphan.file, locale: locale, speaker: author)
        } catch {
            log.log(.error, "recover: transcribing \(name) failed: \(error)")
            let reason = (error as? TranscriptionError)?.description ?? tr("the speech decoder failed")
            return .failed(.transcriptionFailed(detail: reason))
        }
        let report = NewReport(
            transcribed: transcription, sessionName: Self.sessionName(for: orphan),
            created: orphan.modified ?? clock.wallTime, audioFile: orphan.file, author: author)
        do {
            let stored = try await reports.add(report)
            inventory.removeImportMarker(for: orphan.file)
            log.log(.info, "recover: \(name) stored as report \(stored.id)")
            return .recovered(stored)
        } catch {
            log.log(.error, "recover: storing the report of \(name) failed: \(error)")
            return .failed(.storeFailed)
        }
    }
}

/// Why an orphaned recording could not be recovered; the recording is kept either way.
public enum RecoveryError: Error, Sendable, Equatable, CustomStringConvertible {
    case transcriptionFailed(detail: String)
    case storeFailed

    public var description: String {
        switch self {
        case .transcriptionFailed(let detail):
            tr("it could not be transcribed (\(detail)); the recording is kept, try again with --locale LOCALE")
        case .storeFailed:
            tr(
                "the report could not be stored in the database (details in station.log); the recording is kept, run recover again"
            )
        }
    }
}
