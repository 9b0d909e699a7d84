import Foundation
import LocalClaims
import Localization
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore

/// `dictation-station recover [--list] [--locale LOCALE]`: makes reports again of the recordings in
/// `audio/` that no session or report owns (an import killed midway, a lost or emptied database), by
/// transcribing them. Each keeps its recording as its audio, so a second run finds nothing; a recording
/// that fails stays untouched. Nothing is ever deleted. With the clinic store, a recording that a session of
/// the one connected, a report or a send waiting in the outbox owns is not an orphan; a recovered report
/// is theirs, and the store keeps its audio (the local copy goes, as after a send).
public enum RecoverCommand {
    @MainActor
    public static func run(list: Bool, locale: String?, globals: GlobalOptions) async throws -> Int32 {
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let log = FileStationLog(file: paths.logFile)
        // With the clinic store, a recovered report is the one connected's, its audio kept in the store.
        let opened = try await OpenedStore.open(globals: globals, paths: paths, log: log)
        let inventory: any AudioInventory
        if let clinic = opened.clinic {
            inventory = ClinicAudioInventory(paths: paths, store: clinic, markers: ImportMarkerFiles())
        } else if let database = opened.store as? StationDatabase {
            inventory = AudioFolderInventory(paths: paths, database: database, markers: ImportMarkerFiles())
        } else {
            inventory = AudioFolderInventory(
                paths: paths, database: try await StationDatabase.open(paths), markers: ImportMarkerFiles())
        }
        if list { return try await printList(try await OrphanFinder.scan(inventory)) }

        // One recovery at a time, and none while a dictation is being captured (its file may not have an
        // owner in the database yet).
        let recovering = FileCaptureLock(path: paths.dataDirectory.appendingPathComponent("recover.lock").path)
        guard try recovering.acquire() else {
            printError(
                "dictation-station: " + tr("another `dictation-station recover` is running; wait until it is done."))
            return ExitStatus.failure
        }
        defer { recovering.release() }
        let capture = FileCaptureLock(paths: paths)
        guard try capture.acquire() else {
            printError(
                "dictation-station: "
                    + tr("a dictation is being recorded on this station; run recover again once it is paused or sent."))
            return ExitStatus.failure
        }
        defer { capture.release() }

        let scan = try await OrphanFinder.scan(inventory)
        guard !scan.orphans.isEmpty else {
            print(tr("Every recording in audio/ belongs to a session or a report: nothing to recover."))
            return ExitStatus.success
        }
        let recovery = OrphanRecovery(
            transcriber: SphinxTranscriber(
                paths: paths, log: log, speakers: ProfileModels(profiles: opened.voiceProfiles),
                clinicText: ConfigPaths.clinicText(),
                vocabulary: opened.vocabulary.folder),
            reports: opened.store, inventory: inventory,
            clock: SystemClock(), log: log)
        var failed = false
        for (orphan, outcome) in await recovery.recover(scan.orphans, locale: locale) {
            let name = orphan.file.lastPathComponent
            switch outcome {
            case .recovered(let report):
                print(
                    tr(
                        "Recovered \(name) as report \(report.id) (session \"\(report.sessionName)\", \(report.locale))."
                    ))
                if let cut = orphan.incompleteCopy {
                    let (copied, expected) = (byteCount(cut.copied), byteCount(cut.expected))
                    print(
                        "  "
                            + tr(
                                "The import was cut short: its copy holds \(copied) of \(expected); import the original again if you still have it."
                            ))
                }
            case .alreadyOwned:
                print(tr("\(name) has a report by now: nothing to do."))
            case .failed(let error):
                failed = true
                printError("dictation-station: \(name): \(error).")
            }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    /// `--list`: one line per orphan (file, size, last change, and the import it came from).
    @MainActor
    private static func printList(_ scan: OrphanScan) async throws -> Int32 {
        guard let notice = OrphanNotice.message(for: scan) else {
            print(tr("Every recording in audio/ belongs to a session or a report: nothing to recover."))
            return ExitStatus.success
        }
        print(notice)
        let dates = ISO8601DateFormatter()
        for orphan in scan.orphans {
            var line = "  \(orphan.file.lastPathComponent)  \(byteCount(orphan.bytes ?? 0))"
            if let modified = orphan.modified { line += "  \(dates.string(from: modified))" }
            if let unfinished = orphan.unfinishedImport {
                line +=
                    unfinished.intent.map { "  " + tr("unfinished import into \"\($0.session)\" (\($0.locale))") }
                    ?? "  " + tr("unfinished import")
                if let cut = orphan.incompleteCopy {
                    line += tr(", cut short at \(byteCount(cut.copied)) of \(byteCount(cut.expected))")
                }
            }
            print(line)
        }
        let running = scan.importsInProgress
        if running > 0 {
            print(
                tr(
                    running, one: "(\(running) import still running is not listed.)",
                    other: "(\(running) imports still running are not listed.)"))
        }
        return ExitStatus.success
    }

    private static func byteCount(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }
}
