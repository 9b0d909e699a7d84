import Foundation
import LocalClaims
import PostgresStore
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore

/// Everything the station and its subcommands keep about reports, sessions and settings, whichever
/// store holds them.
public protocol StationStore: ReportStore, SessionStore, SettingsStore, ReportStoreObserving {}

extension StationDatabase: StationStore {}
extension ClinicStore: StationStore {}

/// The store a station or a subcommand runs on, who the person is in it, and the claims that go with it.
struct OpenedStore: Sendable {
    var store: any StationStore
    /// Which store this is, as chosen (the title line and the control socket's key say it).
    var inUse: StoreInUse = .local
    /// Who dictates, corrects and signs: the login account with the local store; with the clinic store,
    /// the role the database authenticated (`session_user`), which no option of the station can change.
    var user: String
    var ownership: any DictationOwnership
    var editLocks: any ReportEditLocking
    /// The clinic store, for what only it has (the reports' audio); nil for the local store.
    var clinic: ClinicStore?
    /// Keeps the claims' connection alive and takes back what this process holds after the server was
    /// away; the station calls it every couple of seconds.
    var heartbeat: @Sendable () -> Void = {}
    /// Changes as other stations commit them (the clinic store's LISTEN), and how often the store is
    /// polled besides: the safety net under a lost notice, or the only way (the local store).
    var changeNotices: AsyncStream<Void>?
    var changePoll: Duration = .milliseconds(500)
    /// Where the voice profiles are kept: the data directory's files with the local store; with the
    /// clinic store, the store itself, so that a care worker's profile follows them to every workstation.
    var voiceProfiles: any VoiceProfileStore
    /// Where the clinic vocabulary is kept, and the folder decoding reads it from.
    var vocabulary: VocabularyPlace

    /// Opens the chosen store. The clinic store must be set up (`clinic init`) and the person a member;
    /// `listening` (the station, not a one-shot subcommand) also listens for other stations' changes, and
    /// starts while the clinic store's server cannot be reached: it records, keeps what is sent in the
    /// outbox, and connects (checking the store then) once the server answers.
    /// `directoriesChecked`: the caller made and checked the data directory for its account just now.
    nonisolated(nonsending) static func open(
        _ choice: StoreInUse, paths: StationPaths, log: (any StationLog)? = nil, listening: Bool = false,
        directoriesChecked: Bool = false
    ) async throws -> OpenedStore {
        switch choice {
        case .local:
            let database = try await CommandDatabase.open(paths, log: log, directoriesChecked: directoriesChecked)
            return OpenedStore(
                store: database, user: LoginUser.name, ownership: FileDictationOwnership(paths: paths),
                editLocks: FileReportEditLocks(paths: paths), clinic: nil, voiceProfiles: SpeakerProfiles(paths: paths),
                vocabulary: .local(paths))
        case .clinic(let choice):
            let address = choice.address
            let outbox = ClinicOutbox(folder: paths.dataDirectory.appendingPathComponent("outbox"))
            let clinic = try await ClinicStore.connect(to: address, outbox: outbox, waitingForServer: listening)
            let claims = try ClinicClaims.connect(to: address, log: log ?? SilentLog(), waitingForServer: listening)
            let profiles = try clinicProfiles(at: address, paths: paths, log: log, waitingForServer: listening)
            let vocabulary = VocabularyPlace.clinic(clinic, paths: paths)
            if clinic.isReachable {
                do {
                    try await vocabulary.refresh()
                } catch {
                    log?.log(.warning, "the clinic vocabulary could not be copied for decoding: \(error)")
                }
            }
            let feed = listening ? try ClinicChangeFeed.start(at: address, waitingForServer: true) : nil
            if !clinic.isReachable {
                log?.log(.warning, "the clinic store cannot be reached at start: recording goes on, sends wait")
            }
            return OpenedStore(
                store: clinic, inUse: .clinic(choice), user: await clinic.user,
                ownership: ClinicDictationOwnership(local: FileDictationOwnership(paths: paths), claims: claims),
                editLocks: ClinicReportEditLocks(local: FileReportEditLocks(paths: paths), claims: claims),
                clinic: clinic, heartbeat: { claims.keepAlive() }, changeNotices: feed?.notices,
                changePoll: .seconds(10), voiceProfiles: profiles,
                vocabulary: vocabulary)
        }
    }

    /// The clinic store's voice profiles, copied for decoding into `<data>/clinic-profiles` and trained
    /// in the data directory's profiles folder (where the training queue reclaims a killed training's).
    static func clinicProfiles(
        at address: StoreAddress, paths: StationPaths, log: (any StationLog)?, waitingForServer: Bool = false
    ) throws -> ClinicVoiceProfiles {
        try ClinicVoiceProfiles.connect(
            to: address, cache: paths.dataDirectory.appendingPathComponent("clinic-profiles", isDirectory: true),
            scratch: paths.profilesDirectory, log: log ?? SilentLog(), waitingForServer: waitingForServer)
    }

    nonisolated(nonsending) static func open(
        globals: GlobalOptions, paths: StationPaths, log: (any StationLog)? = nil, listening: Bool = false,
        directoriesChecked: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws
        -> OpenedStore
    {
        try await open(
            try StoreInUse.resolve(globals: globals, environment: environment), paths: paths,
            log: log, listening: listening, directoriesChecked: directoriesChecked)
    }

    /// Refuses `--author` naming anyone but the person the store knows: no one dictates or signs as another.
    func check(author requested: String?) throws(AuthorRefused) -> String {
        guard let requested, requested != user else { return user }
        throw AuthorRefused(requested: requested, me: user)
    }
}
