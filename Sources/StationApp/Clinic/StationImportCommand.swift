import Foundation
import Localization
import PostgresStore
import SQLiteStore
import SpeechModels
import StationCore

/// `dictation-station clinic import-station DIR`: brings a one-person station (its data directory, its
/// SQLite store) into the clinic store, as the one who connects: every report with its revisions, its
/// steps, its words and its audio, the sessions, their voice profiles and the clinic vocabulary
/// (`StationProfileImport`). Each report is written and checked against the
/// station in a transaction of its own (`ClinicStore.importStationReport`); one brought in before is
/// found by its dictation id and left alone, so a second run changes nothing and says so. The station's
/// directory is read, never changed beyond what opening its store does, and nothing is deleted from it.
public enum StationImportCommand {
    /// What one run did, for the summary.
    struct Tally {
        var imported = 0
        var withAudio = 0
        var revisions = 0
        var alreadyThere = 0
        var sessionsImported = 0
        var sessionsThere = 0
        var problems = 0
    }

    @MainActor
    public static func run(directory: String, into choice: StoreChoice) async -> Int32 {
        let paths = StationPaths(dataDirectory: URL(fileURLWithPath: directory).standardizedFileURL)
        guard FileManager.default.fileExists(atPath: paths.database.path) else {
            printError(
                "dictation-station: "
                    + tr("\(paths.dataDirectory.path) holds no station: there is no station.sqlite3 in it."))
            return ExitStatus.failure
        }
        let station: StationDatabase
        let clinic: ClinicStore
        do {
            station = try await CommandDatabase.open(paths)
            clinic = try await ClinicStore.connect(to: choice.address)
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
        let me = await clinic.user
        var tally = Tally()
        var profiles = StationProfileImport.Tally()
        do {
            try await importReports(from: station, paths: paths, into: clinic, tally: &tally)
            try await importSessions(from: station, paths: paths, into: clinic, tally: &tally)
            // The importer's own data directory keeps the copies of their profiles for decoding.
            let own = StationPaths.resolve(option: nil, environment: ProcessInfo.processInfo.environment)
            let store = try ClinicVoiceProfiles.connect(
                to: choice.address, cache: own.dataDirectory.appendingPathComponent("clinic-profiles"),
                scratch: own.profilesDirectory)
            profiles = StationProfileImport.importProfiles(from: paths, into: store, me: me)
            await StationProfileImport.importVocabulary(from: paths, into: clinic, tally: &profiles)
        } catch {
            printError("dictation-station: \(error)")
            tally.problems += 1
        }
        tally.problems += profiles.problems
        summarize(tally, profiles: profiles, from: paths, into: clinic.address.description, as: me)
        return tally.problems == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// Every report of the station, oldest first, each in a transaction of its own.
    @MainActor
    private static func importReports(
        from station: StationDatabase, paths: StationPaths, into clinic: ClinicStore, tally: inout Tally
    ) async throws {
        let everything = ReportQuery(includeEnteredInError: true)
        var listed: [Report] = []
        while true {
            let page = try await station.reports(everything, limit: 500, offset: listed.count)
            listed += page
            if page.count < 500 { break }
        }
        for summary in listed.reversed() {
            guard var report = try await station.report(id: summary.id) else { continue }
            report.audioFile = report.audioFile.map { recording(named: $0, in: paths) }
            let digest: String?
            do {
                digest = try report.audioFile.flatMap { file in
                    FileManager.default.fileExists(atPath: file.path) ? try SHA256Digest.hex(of: file) : nil
                }
            } catch {
                tally.problems += 1
                let file = report.audioFile?.path ?? ""
                printError(
                    "dictation-station: "
                        + tr(
                            "report \(report.id): its recording \(file) cannot be read (\(String(describing: error))); it is not imported."
                        ))
                continue
            }
            let source = StationReport(
                report: report, revisions: try await station.revisions(id: report.id),
                events: try await station.events(id: report.id), audioSHA256: digest,
                source: "report \(report.id) of the station in \(paths.dataDirectory.path)")
            do {
                switch try await clinic.importStationReport(source) {
                case .imported(_, let audio):
                    tally.imported += 1
                    tally.revisions += source.revisions.count
                    if audio != nil { tally.withAudio += 1 }
                case .alreadyThere:
                    tally.alreadyThere += 1
                }
            } catch let refusal as StationImportRefusal {
                tally.problems += 1
                printError("dictation-station: \(words(refusal))")
            } catch let error as ClinicStoreError {
                // The server gone: the rest would fail alike. Refused by the store's rules: the next may pass.
                if case .unreachable = error { throw error }
                tally.problems += 1
                printError(
                    "dictation-station: "
                        + tr("report \(report.id) of the station is not imported: \(error.description)"))
            }
        }
    }

    /// The station's sessions the clinic store does not have yet (an unsent recording stays where it is).
    @MainActor
    private static func importSessions(
        from station: StationDatabase, paths: StationPaths, into clinic: ClinicStore, tally: inout Tally
    ) async throws {
        let me = await clinic.user
        for var session in try await station.loadSessions() {
            if try await clinic.session(id: session.id) != nil {
                tally.sessionsThere += 1
                continue
            }
            if let author = session.author, author != me {
                tally.problems += 1
                printError(
                    "dictation-station: "
                        + tr(
                            "the session \(session.name) of the station is \(author)'s, not \(me)'s: it is not imported (the clinic store records the one who connects)."
                        ))
                continue
            }
            session.audioFile = session.audioFile.map { recording(named: $0, in: paths) }
            try await clinic.save(session)
            tally.sessionsImported += 1
        }
    }

    /// A recording the station names: where it says, else by its name in the directory's audio/ (a
    /// station directory that was moved).
    private static func recording(named file: URL, in paths: StationPaths) -> URL {
        if FileManager.default.fileExists(atPath: file.path) { return file }
        let moved = paths.audioDirectory.appendingPathComponent(file.lastPathComponent)
        return FileManager.default.fileExists(atPath: moved.path) ? moved : file
    }

    private static func words(_ refusal: StationImportRefusal) -> String {
        switch refusal {
        case .otherPerson(let id, let name, let me):
            tr(
                """
                report \(id) of the station names \(name) for one of its steps; the clinic store records the one \
                who connects (\(me)), so it is not imported: it stays in the station.
                """)
        case .mismatch(let id, let what):
            tr(
                """
                report \(id): after the import the clinic store's copy differed from the station in \(what); \
                nothing of it was kept. Run the import again; if it recurs, keep the station as it is and report it.
                """)
        }
    }

    @MainActor
    private static func summarize(
        _ tally: Tally, profiles: StationProfileImport.Tally, from paths: StationPaths, into store: String,
        as me: String
    ) {
        let folder = paths.dataDirectory.path
        if tally.imported == 0 && tally.sessionsImported == 0 && tally.problems == 0 && !profiles.importedAnything {
            printText(
                tr(
                    """
                    Nothing to import: the \(tr(tally.alreadyThere, one: "\(tally.alreadyThere) report", other: "\(tally.alreadyThere) reports")) \
                    and \(tr(tally.sessionsThere, one: "\(tally.sessionsThere) session", other: "\(tally.sessionsThere) sessions")) \
                    of the station in \(folder) are in the clinic store at \(store) already.
                    """))
            StationProfileImport.summarize(profiles)
            return
        }
        printText(
            tr(
                """
                Imported from the station in \(folder) into the clinic store at \(store), as \(me): \
                \(tr(tally.imported, one: "\(tally.imported) report", other: "\(tally.imported) reports")) \
                (\(tally.withAudio) with audio, \(tr(tally.revisions, one: "\(tally.revisions) revision", other: "\(tally.revisions) revisions"))) \
                and \(tr(tally.sessionsImported, one: "\(tally.sessionsImported) session", other: "\(tally.sessionsImported) sessions")).
                """))
        if tally.imported > 0 {
            printText(
                tr(
                    """
                    Each report was checked against the station before it was kept: its text, phase, revisions, \
                    words, entry in error, and its audio's sha256. The station's own account of each report (its \
                    steps, their times and names) is in its history as the import.
                    """))
        }
        if tally.alreadyThere > 0 || tally.sessionsThere > 0 {
            printText(
                tr(
                    """
                    Already in the clinic store from an earlier import, and left as they are: \
                    \(tr(tally.alreadyThere, one: "\(tally.alreadyThere) report", other: "\(tally.alreadyThere) reports")), \
                    \(tr(tally.sessionsThere, one: "\(tally.sessionsThere) session", other: "\(tally.sessionsThere) sessions")).
                    """))
        }
        StationProfileImport.summarize(profiles)
        if tally.problems > 0 {
            printText(
                tr(
                    tally.problems, one: "\(tally.problems) problem (above): what it names stays in the station.",
                    other: "\(tally.problems) problems (above): what they name stays in the station."))
        }
        printText(
            tr(
                "The station's directory is left as it was; nothing was deleted from it."))
    }
}
