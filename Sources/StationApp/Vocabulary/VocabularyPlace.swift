import Foundation
import PostgresStore
import SphinxSpeech
import StationCore
import Synchronization

/// Where the clinic vocabulary is kept, and the folder decoding reads it from: the data directory's
/// `vocabulary/` with the local store; with the clinic store, the store itself (every member's, with
/// who added each word), copied into the data directory's `clinic-vocabulary/` for decoding when the
/// store is opened, after every change made here, and in a running station when the store tells of a
/// change (only when the words changed since the last copy).
struct VocabularyPlace: Sendable {
    /// The folder decoding reads (`ClinicVocabulary`).
    var folder: ClinicVocabulary
    var add: @Sendable (_ word: String, _ phones: [String], _ locale: String) async throws -> ClinicVocabulary.Added
    var remove: @Sendable (_ word: String, _ locale: String) async throws -> Bool
    /// Brings `folder` up to date with the store (nothing to do when it is).
    var refresh: @Sendable () async throws -> Void

    static func local(_ paths: StationPaths) -> VocabularyPlace {
        let folder = ClinicVocabulary(paths: paths)
        return VocabularyPlace(
            folder: folder, add: { word, phones, locale in try folder.add(word: word, phones: phones, locale: locale) },
            remove: { word, locale in try folder.remove(word: word, locale: locale) }, refresh: {})
    }

    static func clinic(_ store: ClinicStore, paths: StationPaths) -> VocabularyPlace {
        let folder = ClinicVocabulary(
            directory: paths.dataDirectory.appendingPathComponent("clinic-vocabulary", isDirectory: true))
        let copied = CopiedFingerprint()
        let refresh: @Sendable () async throws -> Void = {
            let fingerprint = try await store.vocabularyFingerprint()
            guard copied.value.withLock({ $0 }) != fingerprint else { return }
            let words = try await store.vocabulary()
            // By the locale's canonical name, as its file is named (psql may have written `EN-us`).
            try folder.replace(
                with: Dictionary(grouping: words, by: { ModelLocator.canonical($0.locale) }).mapValues {
                    $0.map { ($0.word, $0.phones) }
                })
            copied.value.withLock { $0 = fingerprint }
        }
        return VocabularyPlace(
            folder: folder,
            add: { word, phones, locale in
                let (change, tooMany) = try await store.addVocabularyWord(
                    word, phones: phones, locale: locale, limit: ClinicVocabulary.maximumWords)
                if tooMany { throw VocabularyError.tooManyWords(locale: locale, limit: ClinicVocabulary.maximumWords) }
                try await refresh()
                switch change {
                case .added: return .added
                case .replaced(let previous): return .replaced(previous: previous)
                case .unchanged: return .unchanged
                }
            },
            remove: { word, locale in
                let removed = try await store.removeVocabularyWord(word, locale: locale)
                try await refresh()
                return removed
            }, refresh: refresh)
    }
}

/// The store's vocabulary fingerprint when the folder was last copied.
private final class CopiedFingerprint: Sendable {
    let value = Mutex<String?>(nil)
}
