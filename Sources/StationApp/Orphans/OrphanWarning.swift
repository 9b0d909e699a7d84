import Foundation
import LocalClaims
import PostgresStore
import SQLiteStore
import StationCore

/// Tells the person about recordings in `audio/` that no session or report owns (an import killed
/// midway, a lost or emptied database), at start and before the subcommands that show reports.
public enum OrphanWarning {
    /// Whether a subcommand says so on standard error before it runs: `import`, and `reports` when it
    /// lists for a person (not `--json`, `show`, `export` or `delete`, whose output scripts read).
    public static func applies(to subcommand: String, arguments: [String]) -> Bool {
        switch subcommand {
        case "import": true
        case "reports": !arguments.contains { ["--json", "show", "export", "delete"].contains($0) }
        default: false
        }
    }

    /// What the audio folder holds that no one owns, or nil when the look failed (logged).
    /// Its owners are the ones `inventory` knows: the local store's, or the clinic store's (a session of
    /// the one connected, a report made of the dictation, a send waiting in the outbox).
    static func scan(paths: StationPaths, inventory: any AudioInventory, log: any StationLog) async -> OrphanScan? {
        // While a station captures, its new recording may not have its session saved yet: say nothing
        // rather than call it an orphan (the next start or `recover --list` will tell).
        let capture = FileCaptureLock(paths: paths)
        guard (try? capture.acquire()) == true else { return nil }
        capture.release()
        do {
            let scan = try await OrphanFinder.scan(inventory)
            if !scan.orphans.isEmpty {
                log.log(.warning, "\(scan.orphans.count) recording(s) in audio/ belong to no report")
            }
            return scan
        } catch {
            log.log(.warning, "looking for orphaned recordings failed: \(error)")
            return nil
        }
    }

    /// Prints the notice on standard error when there is one; a data directory or a clinic store that
    /// cannot be opened says nothing here (the subcommand itself reports that). With the clinic store, a
    /// workstation's recording is owned as on the screen (`ClinicAudioInventory`).
    @MainActor
    public static func printIfAny(globals: GlobalOptions) async {
        let environment = ProcessInfo.processInfo.environment
        let paths = StationPaths.resolve(option: globals.dataDirectory, environment: environment)
        guard let inUse = try? StoreInUse.resolve(globals: globals, environment: environment),
            FileManager.default.fileExists(atPath: paths.audioDirectory.path)
        else { return }
        let inventory: any AudioInventory
        switch inUse {
        case .local:
            guard let database = try? await StationDatabase.open(paths) else { return }
            inventory = AudioFolderInventory(paths: paths, database: database, markers: ImportMarkerFiles())
        case .clinic(let choice):
            let outbox = ClinicOutbox(folder: paths.dataDirectory.appendingPathComponent("outbox"))
            guard let store = try? await ClinicStore.connect(to: choice.address, outbox: outbox) else { return }
            inventory = ClinicAudioInventory(paths: paths, store: store, markers: ImportMarkerFiles())
        }
        let log = FileStationLog(file: paths.logFile)
        if let scan = await scan(paths: paths, inventory: inventory, log: log),
            let notice = OrphanNotice.message(for: scan)
        {
            printError("dictation-station: \(notice)")
        }
    }
}
