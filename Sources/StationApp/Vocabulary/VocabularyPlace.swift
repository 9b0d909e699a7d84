import Foundation
import PostgresStore
import SphinxSpeech
import StationCore

/// Where the clinic vocabulary is kept, and the folder decoding reads it from: the data directory's
/// `vocabulary/` with the local store; with the clinic store, the store itself (every member's, with
/// who added each word), copied into the data directory's `clinic-vocabulary/` for decoding when the
/// store is opened and after every change made here.
struct VocabularyPlace: Sendable {
    /// The folder decoding reads (`ClinicVocabulary`).
    var folder: ClinicVocabulary
    var add: @Sendable (_ word: String, _ phones: [String], _ locale: String) async throws -> ClinicVocabulary.Added
    var remove: @Sendable (_ word: String, _ locale: String) async throws -> Bool
    /// Brings `folder` up to date with the store.
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
        let refresh: @Sendable () async throws -> Void = {
            let words = try await store.vocabulary()
            try folder.replace(
                with: Dictionary(grouping: words, by: \.locale).mapValues { $0.map { ($0.word, $0.phones) } })
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
