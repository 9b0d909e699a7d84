import Foundation
import Localization

/// A recording in the audio folder that no session and no report owns: patient audio no one would
/// otherwise see. It is shown and can be recovered into a report; it is never deleted silently.
public struct OrphanRecording: Sendable, Equatable {
    public var file: URL
    public var modified: Date?
    public var bytes: Int64?
    /// Set when an import wrote it and ended before its report was stored.
    public var unfinishedImport: UnfinishedImport?

    public init(file: URL, modified: Date?, bytes: Int64? = nil, unfinishedImport: UnfinishedImport? = nil) {
        self.file = file
        self.modified = modified
        self.bytes = bytes
        self.unfinishedImport = unfinishedImport
    }

    /// The copy's size and the original's when an import was killed before it had copied everything.
    public var incompleteCopy: (copied: Int64, expected: Int64)? {
        guard let expected = unfinishedImport?.intent?.bytes, let bytes, bytes < expected else { return nil }
        return (bytes, expected)
    }

    /// An import that died midway, and where it was taking the recording when the marker said so.
    public struct UnfinishedImport: Sendable, Equatable {
        public var intent: ImportIntent?

        public init(intent: ImportIntent?) { self.intent = intent }
    }
}

/// What a look at the audio folder found.
public struct OrphanScan: Sendable, Equatable {
    public var orphans: [OrphanRecording]
    /// The database holds no report and no session (it was lost, emptied or never there) beside
    /// recordings that no unfinished import explains.
    public var storeIsEmpty: Bool
    /// Imports running right now in other processes (their recordings are not orphans).
    public var importsInProgress: Int

    public init(orphans: [OrphanRecording], storeIsEmpty: Bool, importsInProgress: Int = 0) {
        self.orphans = orphans
        self.storeIsEmpty = storeIsEmpty
        self.importsInProgress = importsInProgress
    }

    public var unfinishedImports: Int { orphans.count { $0.unfinishedImport != nil } }
}

/// Finds the orphaned recordings: files in the audio folder that no session and no report owns.
/// Recordings are matched by file name, so a data directory that was moved still matches its reports.
public enum OrphanFinder {
    public static func scan(_ inventory: any AudioInventory) async throws -> OrphanScan {
        let files = try inventory.recordings()
        guard !files.isEmpty else { return OrphanScan(orphans: [], storeIsEmpty: false) }
        let owned = try await inventory.ownedRecordingNames()
        var orphans: [OrphanRecording] = []
        var inProgress = 0
        for entry in files where !owned.contains(entry.file.lastPathComponent) {
            switch inventory.importMarker(for: entry.file) {
            case .inProgress: inProgress += 1
            case .none: orphans.append(OrphanRecording(file: entry.file, modified: entry.modified, bytes: entry.bytes))
            case .unfinished(let intent):
                orphans.append(
                    OrphanRecording(
                        file: entry.file, modified: entry.modified, bytes: entry.bytes,
                        unfinishedImport: .init(intent: intent))
                )
            }
        }
        orphans.sort { $0.file.lastPathComponent < $1.file.lastPathComponent }
        // Only recordings an import did not leave can mean a lost database: the very first import,
        // killed, leaves an empty database beside its copy without anything having been lost.
        let mayBeLost = orphans.contains { $0.unfinishedImport == nil }
        let empty = mayBeLost ? try await inventory.storeIsEmpty() : false
        return OrphanScan(orphans: orphans, storeIsEmpty: empty, importsInProgress: inProgress)
    }
}

/// The line that tells the person about orphaned recordings: in full before subcommands, short on the
/// station screen's one-row notification strip (it fits 80 columns).
public enum OrphanNotice {
    /// The notice for `scan`, or nil when every recording belongs to a session or a report.
    public static func message(for scan: OrphanScan) -> String? {
        let count = scan.orphans.count
        guard count > 0 else { return nil }
        if scan.storeIsEmpty {
            return tr(
                count,
                one:
                    "The database is empty but audio/ holds \(count) recording: run `dictation-station recover` to transcribe it into a report again (the audio is kept).",
                other:
                    "The database is empty but audio/ holds \(count) recordings: run `dictation-station recover` to transcribe them into reports again (the audio is kept)."
            )
        }
        let unfinished = scan.unfinishedImports
        let from =
            switch unfinished {
            case 0: ""
            case count: tr(count, one: " (from an unfinished import)", other: " (from unfinished imports)")
            default: tr(" (\(unfinished) from unfinished imports)")
            }
        return tr(
            count,
            one:
                "\(count) recording in audio/ belongs to no report\(from): run `dictation-station recover` to transcribe it into a report (the audio is kept).",
            other:
                "\(count) recordings in audio/ belong to no report\(from): run `dictation-station recover` to transcribe them into reports (the audio is kept)."
        )
    }

    /// The short form for the screen, and how serious it is: an emptied database is an error (it stays
    /// longest), a recording without a report a warning.
    public static func screenLine(for scan: OrphanScan) -> (kind: StationNotification.Kind, message: String)? {
        let count = scan.orphans.count
        guard count > 0 else { return nil }
        if scan.storeIsEmpty {
            return (
                .error,
                tr(
                    count, one: "Database is empty, audio/ holds \(count) recording: run dictation-station recover",
                    other: "Database is empty, audio/ holds \(count) recordings: run dictation-station recover")
            )
        }
        return (
            .warning,
            tr(
                count, one: "\(count) recording in audio/ has no report: run dictation-station recover",
                other: "\(count) recordings in audio/ have no report: run dictation-station recover")
        )
    }
}
