import Foundation
import LetterToSound
import Localization
import PostgresStore
import SphinxSpeech
import StationCore
import StationTUI

/// `vocabulary`: the words the clinic added to decoding, per locale (`<data>/vocabulary/<locale>.dict`).
/// `vocabulary add WORD [PRONUNCIATION] [--locale L]` adds one: said as PRONUNCIATION (the model's
/// phones, checked), else for en-US as flite's lexicon and letter-to-sound rules say it; `vocabulary
/// remove WORD` takes it out. A running station uses a change from its next dictation. With the clinic
/// store, the words are the store's (`VocabularyPlace`), every member's.
public enum VocabularyCommand {
    /// What the command line asked for; a nil locale is every locale (list) or en-US.
    public enum Action: Sendable {
        case list(locale: String?)
        case add(word: String, pronunciation: String?, locale: String?)
        case remove(word: String, locale: String?)
    }

    @MainActor
    public static func run(_ action: Action, globals: GlobalOptions) async throws -> Int32 {
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let place: VocabularyPlace
        switch try StoreInUse.resolve(globals: globals, environment: ProcessInfo.processInfo.environment) {
        case .local: place = .local(paths)
        case .clinic(let choice):
            do {
                place = .clinic(try await ClinicStore.connect(to: choice.address), paths: paths)
            } catch {
                printError("dictation-station: \(SafeText.line(String(describing: error)))")
                return ExitStatus.failure
            }
        }
        do {
            switch action {
            case .list(let locale):
                try await place.refresh()
                return try list(place.folder, locale: locale, paths: paths)
            case .add(let word, let pronunciation, let locale):
                return try await add(
                    word, pronunciation: pronunciation, locale: locale ?? TranscribeCommand.defaultLocale,
                    to: place, paths: paths)
            case .remove(let word, let locale):
                return try await remove(word, locale: locale ?? TranscribeCommand.defaultLocale, from: place)
            }
        } catch let error as VocabularyError {
            printError("dictation-station: \(SafeText.line(error.description))")
            return ExitStatus.failure
        } catch let error as ClinicStoreError {
            printError("dictation-station: \(SafeText.line(error.description))")
            return ExitStatus.failure
        }
    }

    /// Each locale's words as decoding takes them. A word whose phones the locale's model lacks gets a
    /// fourth field saying so; words past the most a locale takes, and lines that are no word, are
    /// counted on standard error.
    private static func list(_ vocabulary: ClinicVocabulary, locale: String?, paths: StationPaths) throws -> Int32 {
        let locales = try locale.map { [try ClinicVocabulary.checkedLocale($0)] } ?? vocabulary.locales()
        let files = try locales.map { locale in (locale, try vocabulary.read(locale: locale)) }
        let locator = ModelLocator(modelsDirectory: paths.modelsDirectory)
        var rows: [String] = []
        var notes: [String] = []
        for (locale, file) in files {
            let phones = (try? locator.model(for: locale)).flatMap { try? ModelPhones(model: $0) }
            for entry in file.entries {
                var row = "\(locale)\t\(entry.word)\t\(entry.phones.joined(separator: " "))"
                if let phones {
                    let lacking = entry.phones.filter { !phones.phones.contains($0) }
                    if !lacking.isEmpty {
                        row +=
                            "\t" + tr("unusable: the \(locale) model has no phone \(lacking.joined(separator: ", "))")
                    }
                }
                rows.append(row)
            }
            if file.beyondLimit > 0 {
                let named = file.firstLeftOut.joined(separator: ", ")
                notes.append(
                    tr(
                        file.beyondLimit,
                        one:
                            "\(locale): 1 more word is left out (\(named)): a locale takes at most \(ClinicVocabulary.maximumWords) words, the file's first.",
                        other:
                            "\(locale): \(file.beyondLimit) more words are left out (\(named), …): a locale takes at most \(ClinicVocabulary.maximumWords) words, the file's first."
                    ))
            }
            if file.unreadableLines > 0 {
                notes.append(
                    tr(
                        file.unreadableLines,
                        one: "\(locale): 1 line is not a word and its phones, and is skipped.",
                        other:
                            "\(locale): \(file.unreadableLines) lines are not a word and its phones, and are skipped."))
            }
        }
        defer { for note in notes { printError(note) } }
        guard !rows.isEmpty else {
            printText(
                locale.map {
                    tr("No words added for \(ModelLocator.canonical($0)): the models' own dictionaries decode.")
                }
                    ?? tr("No words added: the models' own dictionaries decode."))
            return ExitStatus.success
        }
        print(tr("LOCALE") + "\t" + tr("WORD") + "\t" + tr("PRONUNCIATION"))
        for row in rows { printText(row) }
        return ExitStatus.success
    }

    private static func add(
        _ typedWord: String, pronunciation: String?, locale typedLocale: String, to vocabulary: VocabularyPlace,
        paths: StationPaths
    ) async throws -> Int32 {
        let locale = try ClinicVocabulary.checkedLocale(typedLocale)
        let word = try VocabularyEntry.checkedWord(typedWord)
        let model: SpeechModel?
        do {
            model = try ModelLocator(modelsDirectory: paths.modelsDirectory).model(for: locale)
        } catch {
            model = nil
            // Without a model there are no phones to check a pronunciation against.
            if pronunciation != nil || locale == "en-US" {
                printError(
                    "dictation-station: "
                        + tr("\(SafeText.line(error.description)); its phones are needed to check the word."))
                return ExitStatus.failure
            }
        }
        let phones: [String]
        let source: String
        if let model, let pronunciation {
            phones = try VocabularyEntry.checkedPhones(pronunciation, in: try ModelPhones(model: model), locale: locale)
            source = tr("as given")
        } else if let model, let known = ModelDictionary.pronunciations(of: word, in: model.dictionary).first {
            // The dictionary's own pronunciation beats a guess; adding the word still matters, as many
            // dictionary words are missing from the language model and are never recognized.
            phones = try VocabularyEntry.checkedPhones(
                known.joined(separator: " "), in: try ModelPhones(model: model), locale: locale)
            source = tr("as the model's dictionary says it; give a pronunciation to change it")
        } else if let model, locale == "en-US" {
            do {
                phones = try VocabularyEntry.checkedPhones(
                    FliteLexicon.pronunciation(of: word).joined(separator: " "), in: try ModelPhones(model: model),
                    locale: locale)
            } catch let error as LetterToSoundError {
                printError(
                    "dictation-station: "
                        + tr("\(SafeText.line(word)): \(error). For example: vocabulary add WORD \"M EH T AH\""))
                return ExitStatus.failure
            }
            source = tr("from flite's lexicon and letter-to-sound rules; give a pronunciation to change it")
        } else {
            let known = model.flatMap { try? ModelPhones(model: $0) }.map {
                " " + tr("The model's phones: \($0.phones.sorted().joined(separator: " ")).")
            }
            let typed = SafeText.line(word)
            printError(
                "dictation-station: "
                    + tr(
                        "\(locale) words need their pronunciation (flite speaks en-US only): vocabulary add \(typed) \"PHONES\" --locale \(locale)."
                    )
                    + (known ?? " " + tr("No \(locale) speech model is installed yet to check one against.")))
            return ExitStatus.failure
        }
        let said = phones.joined(separator: " ")
        switch try await vocabulary.add(word, phones, locale) {
        case .added: printText(tr("Added \(word) to the \(locale) vocabulary: \(said) (\(source))."))
        case .replaced(let previous):
            let before = previous.joined(separator: " ")
            printText(tr("\(word) is now said \(said) (\(source)); it was \(before)."))
        case .unchanged: printText(tr("\(word) is already in the \(locale) vocabulary, said \(said)."))
        }
        printText(tr("The station uses it from the next dictation."))
        return ExitStatus.success
    }

    private static func remove(
        _ typedWord: String, locale typedLocale: String, from vocabulary: VocabularyPlace
    ) async throws
        -> Int32
    {
        let locale = try ClinicVocabulary.checkedLocale(typedLocale)
        let word = try VocabularyEntry.checkedWord(typedWord)
        guard try await vocabulary.remove(word, locale) else {
            printText(tr("\(word) is not in the \(locale) vocabulary (words of the model's own dictionary stay)."))
            return ExitStatus.failure
        }
        printText(
            tr("Removed \(word) from the \(locale) vocabulary; the station stops using it from the next dictation."))
        return ExitStatus.success
    }
}
