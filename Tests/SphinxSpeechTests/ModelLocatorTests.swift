import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

@Suite("Finding the model of a locale")
struct ModelLocatorTests {
    static let debian = ModelLocator.debianModels[0]

    /// A models folder with `locale` installed as `files` name them (relative to its folder).
    static func install(
        _ locale: String, in models: URL, acoustic: String = "am", languageModel: String = "lm.bin",
        dictionary: String = "words.dict"
    ) throws -> URL {
        let folder = models.appendingPathComponent(locale, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = ModelManifest(
            locale: locale, acousticModel: acoustic, languageModel: languageModel, dictionary: dictionary)
        try JSONEncoder().encode(manifest).write(to: folder.appendingPathComponent(ModelManifest.fileName))
        return folder
    }

    /// Installs a copy of Debian's en-US model (linked, not copied) under another locale.
    static func installDebianCopy(_ locale: String, in models: URL) throws {
        let folder = try install(locale, in: models)
        let files = FileManager.default
        try files.createSymbolicLink(at: folder.appendingPathComponent("am"), withDestinationURL: debian.acousticModel)
        try files.createSymbolicLink(
            at: folder.appendingPathComponent("lm.bin"), withDestinationURL: debian.languageModel)
        try files.createSymbolicLink(
            at: folder.appendingPathComponent("words.dict"), withDestinationURL: debian.dictionary)
    }

    /// Installs files that exist but are not a model, as a damaged download leaves them.
    static func installGarbage(_ locale: String, in models: URL) throws {
        let folder = try install(locale, in: models)
        let acoustic = folder.appendingPathComponent("am", isDirectory: true)
        try FileManager.default.createDirectory(at: acoustic, withIntermediateDirectories: true)
        let junk = Data((0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 40_503) })
        for part in ["mdef", "means", "variances", "transition_matrices"] {
            try junk.write(to: acoustic.appendingPathComponent(part))
        }
        try junk.write(to: folder.appendingPathComponent("lm.bin"))
        try Data("patient P EY SH AH N T\n".utf8).write(to: folder.appendingPathComponent("words.dict"))
    }

    @Test("en-US is Debian's model; locale spellings are forgiven")
    func system() throws {
        let locator = ModelLocator(modelsDirectory: try AudioFixtures.temporaryDirectory("models"))
        for spelling in ["en-US", "en_US", "EN-us"] {
            let model = try locator.model(for: spelling)
            #expect(model == Self.debian)
        }
    }

    @Test("a locale with no model is an error naming it")
    func missing() async throws {
        let locator = ModelLocator(modelsDirectory: try AudioFixtures.temporaryDirectory("models"))
        #expect(throws: TranscriptionError.modelNotInstalled(locale: "fr-FR")) { try locator.model(for: "fr_FR") }
        let sample = try #require(LibriVoxSamples.all().first)
        await #expect(throws: TranscriptionError.modelNotInstalled(locale: "fr-FR")) {
            _ = try await SharedDecoder.transcriber.transcribe(file: sample.file, locale: "fr-FR")
        }
        #expect(await SharedDecoder.transcriber.beginLive(locale: "fr-FR") == nil)
    }

    @Test("an installed model wins over the system's")
    func installedWins() throws {
        let models = try AudioFixtures.temporaryDirectory("models")
        try Self.installDebianCopy("en-US", in: models)
        let model = try ModelLocator(modelsDirectory: models).model(for: "en-US")
        #expect(!model.isSystem)
        #expect(model.acousticModel.path.hasPrefix(models.path))
    }

    @Test("an installed model with parts missing is broken, named by its locale")
    func incomplete() throws {
        let models = try AudioFixtures.temporaryDirectory("models")
        _ = try Self.install("de-DE", in: models)
        #expect {
            try ModelLocator(modelsDirectory: models).model(for: "de-DE")
        } throws: { error in
            guard case .modelBroken(let locale, _) = error as? TranscriptionError else { return false }
            return locale == "de-DE"
        }
        // A folder without its manifest is broken too.
        try FileManager.default.createDirectory(
            at: models.appendingPathComponent("nl-NL"), withIntermediateDirectories: true)
        #expect(throws: TranscriptionError.modelBroken(locale: "nl-NL", detail: "model.json is missing")) {
            try ModelLocator(modelsDirectory: models).model(for: "nl-NL")
        }
    }

    @Test("model files pocketsphinx cannot load are an error, not the end of the process")
    func garbage() async throws {
        let models = try AudioFixtures.temporaryDirectory("models")
        try Self.installGarbage("de-DE", in: models)
        let transcriber = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: models), logFile: SharedDecoder.logFile)
        let sample = try #require(LibriVoxSamples.all().first)
        await #expect {
            _ = try await transcriber.transcribe(file: sample.file, locale: "de-DE")
        } throws: { error in
            guard case .modelBroken(let locale, _) = error as? TranscriptionError else { return false }
            return locale == "de-DE"
        }
    }

    @Test("a broken installed en-US model falls back to Debian's")
    func brokenFallsBack() async throws {
        let models = try AudioFixtures.temporaryDirectory("models")
        try Self.installGarbage("en-US", in: models)
        let transcriber = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: models), logFile: SharedDecoder.logFile)
        let sample = try #require(LibriVoxSamples.all().last)
        let transcription = try await transcriber.transcribe(file: sample.file, locale: "en-US")
        #expect(WordErrorRate.rate(hypothesis: transcription.text, reference: sample.reference) < 0.5)
    }
}
