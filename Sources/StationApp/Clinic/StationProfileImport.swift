import Foundation
import Localization
import PostgresStore
import SpeakerAdaptation
import SpeechModels
import SphinxSpeech
import StationCore

/// The voice profiles and the clinic vocabulary of a one-person station, brought into the clinic store
/// by `clinic import-station` after its reports: the profiles of the one connected (another author's
/// stays in the station: the store keeps each profile as its author's), each checked file by file
/// against the station's sha256, with what their last training was offered; and the station's words,
/// each added as the one connected's unless the store has it already. Safe to run twice: what the store
/// holds already is left as it is and counted.
enum StationProfileImport {
    struct Tally {
        var profilesImported = 0
        var profilesThere = 0
        var profilesNewerInStore = 0
        var wordsAdded = 0
        var wordsThere = 0
        /// Words the store has with another pronunciation: the store's is kept.
        var wordsSaidOtherwise = 0
        var problems = 0

        var importedAnything: Bool { profilesImported > 0 || wordsAdded > 0 }
        var foundAnything: Bool {
            profilesImported + profilesThere + profilesNewerInStore + wordsAdded + wordsThere + wordsSaidOtherwise > 0
        }
    }

    @MainActor
    static func importProfiles(from paths: StationPaths, into profiles: ClinicVoiceProfiles, me: String) -> Tally {
        var tally = Tally()
        let station = SpeakerProfiles(paths: paths)
        for record in station.all() {
            guard record.author == me else {
                tally.problems += 1
                printError(
                    "dictation-station: "
                        + tr(
                            "the station's voice profile of \(record.author) (\(record.locale)) is not imported: the clinic store keeps a profile as its author's, and you are \(me)."
                        ))
                continue
            }
            guard let model = station.modelFolder(author: record.author, locale: record.locale) else { continue }
            do {
                let names = try FileManager.default.contentsOfDirectory(atPath: model.path)
                let digests = try Dictionary(
                    uniqueKeysWithValues: names.map { ($0, try SHA256Digest.hex(of: model.appendingPathComponent($0))) }
                )
                switch try profiles.importProfile(model: model, record: record, digests: digests) {
                case .imported: tally.profilesImported += 1
                case .alreadyThere: tally.profilesThere += 1
                case .newerInStore: tally.profilesNewerInStore += 1
                }
            } catch {
                tally.problems += 1
                printError(
                    "dictation-station: "
                        + tr(
                            "the station's voice profile (\(record.locale)) is not imported: \(SafeText.line(String(describing: error)))"
                        ))
            }
        }
        // What each training was offered, so the next one waits for new dictations; the store's is kept.
        for (author, locale, attempt) in station.allAttempts() where author == me {
            guard profiles.lastAttempt(author: author, locale: locale) == nil else { continue }
            try? profiles.recordAttempt(attempt, author: author, locale: locale)
        }
        return tally
    }

    @MainActor
    static func importVocabulary(from paths: StationPaths, into clinic: ClinicStore, tally: inout Tally) async {
        let station = ClinicVocabulary(paths: paths)
        for locale in station.locales() {
            do {
                let entries = try station.entries(locale: locale)
                let stored = Dictionary(
                    try await clinic.vocabulary(locale: locale).map { ($0.word, $0.phones) },
                    uniquingKeysWith: { first, _ in first })
                for entry in entries {
                    if let phones = stored[entry.word] {
                        if phones == entry.phones { tally.wordsThere += 1 } else { tally.wordsSaidOtherwise += 1 }
                        continue
                    }
                    let added = try await clinic.addVocabularyWord(
                        entry.word, phones: entry.phones, locale: locale, limit: ClinicVocabulary.maximumWords)
                    if added.tooMany {
                        throw VocabularyError.tooManyWords(locale: locale, limit: ClinicVocabulary.maximumWords)
                    }
                    tally.wordsAdded += 1
                }
                // Checked: every word of the station is in the store now.
                let now = Set(try await clinic.vocabulary(locale: locale).map(\.word))
                let missing = entries.map(\.word).filter { !now.contains($0) }
                if !missing.isEmpty {
                    tally.problems += 1
                    printError(
                        "dictation-station: "
                            + tr(
                                "the \(locale) vocabulary in the clinic store lacks \(missing.count) of the station's words after the import; run it again."
                            ))
                }
            } catch {
                tally.problems += 1
                printError(
                    "dictation-station: "
                        + tr(
                            "the station's \(locale) vocabulary is not imported: \(SafeText.line(String(describing: error)))"
                        ))
            }
        }
    }

    /// What came of them, after the reports' summary.
    @MainActor
    static func summarize(_ tally: Tally) {
        guard tally.foundAnything else { return }
        printText(
            tr(
                """
                Voice profiles: \(tally.profilesImported) imported, each file checked against the station's sha256; \
                \(tally.profilesThere) in the clinic store already; \(tally.profilesNewerInStore) kept as the clinic \
                store has them, trained later.
                """))
        printText(
            tr(
                """
                Clinic vocabulary: \(tr(tally.wordsAdded, one: "\(tally.wordsAdded) word", other: "\(tally.wordsAdded) words")) \
                added; \(tally.wordsThere) in the clinic store already; \(tally.wordsSaidOtherwise) said otherwise there, \
                kept as the clinic store has them.
                """))
    }
}
