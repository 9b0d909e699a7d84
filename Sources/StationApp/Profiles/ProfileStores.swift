import Foundation
import PostgresStore
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore

extension ProfilesCommand {
    /// Where `profiles` finds the voice profiles and the dictations they train on: the data directory's
    /// files and reports with the local store; with the clinic store, the profiles it keeps (so a care
    /// worker's profile follows them to every workstation) and their reports there, whose audio is
    /// written into a private folder for the training and removed after it (`ClinicDictations`).
    struct Stores {
        var profiles: any VoiceProfileStore
        /// The data directory's profiles folder: the training queue and the trainings' scratch folders.
        var local: SpeakerProfiles
        /// Whose profile is trained when no `--author` is given: the login user, or the role the clinic
        /// store authenticated.
        var user: String
        var dictations: () async throws -> any CorrectedDictations
        /// The clinic's words, which training pronounces as decoding does.
        var vocabulary: ClinicVocabulary
        var finish: () -> Void = {}

        static func open(globals: GlobalOptions, paths: StationPaths) async throws -> Stores {
            let local = SpeakerProfiles(paths: paths)
            switch try StoreInUse.resolve(globals: globals, environment: ProcessInfo.processInfo.environment) {
            case .local:
                return Stores(
                    profiles: local, local: local, user: currentUser(),
                    dictations: { ReportDictations(store: try await StationDatabase.open(paths)) },
                    vocabulary: ClinicVocabulary(paths: paths))
            case .clinic(let choice):
                let profiles = try OpenedStore.clinicProfiles(
                    at: choice.address, paths: paths, log: FileStationLog(file: paths.logFile))
                let clinic = try await ClinicStore.connect(to: choice.address)
                let vocabulary = VocabularyPlace.clinic(clinic, paths: paths)
                try await vocabulary.refresh()
                let dictations = ClinicDictations(store: clinic, profiles: paths.profilesDirectory)
                return Stores(
                    profiles: profiles, local: local, user: try profiles.connectedRole(),
                    dictations: { dictations }, vocabulary: vocabulary.folder, finish: { dictations.remove() })
            }
        }
    }
}
