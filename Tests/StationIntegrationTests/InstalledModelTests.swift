import Foundation
import SpeechModels
import SphinxSpeech
import StationCore
import StationTestSupport
import Testing

/// The installer and the decoder together: a model installed over loopback HTTP for a locale the system
/// does not provide is found by the transcriber and decodes real speech.
@Suite("An installed model transcribes")
struct InstalledModelTests {
    @Test("install nl-NL from an archive of Debian's en-US model, then transcribe a LibriVox file with it")
    func installedModelTranscribes() async throws {
        let folder = try TemporaryFolder("installed-model")
        defer { folder.remove() }
        let archive = try TestModelArchives.build("cmusphinx-test-full-5.2.tar.gz", in: folder.url)
        let server = try LoopbackModelServer(serving: folder.url)
        defer { server.stop() }
        let url = server.url(archive.lastPathComponent)
        let entry = CatalogEntry(
            locale: "nl-NL", displayName: "Nederlands (test)",
            acousticModel: CatalogPart(url: url, path: TestModelArchives.acousticPath),
            languageModel: CatalogPart(url: url, path: TestModelArchives.languageModelPath),
            dictionary: CatalogPart(url: url, path: TestModelArchives.dictionaryPath))
        let paths = StationPaths(dataDirectory: folder.url.appendingPathComponent("data"))
        try paths.createDirectories()
        let installer = ModelInstaller(catalog: ModelCatalog(locales: [entry]), modelsDirectory: paths.modelsDirectory)

        let transcriber = SphinxTranscriber(paths: paths)
        let sample = try #require(try LibriVoxSamples.all().first { $0.file.lastPathComponent.hasSuffix("0870.wav") })
        await #expect(throws: TranscriptionError.modelNotInstalled(locale: "nl-NL")) {
            _ = try await transcriber.transcribe(file: sample.file, locale: "nl-NL")
        }

        var last: InstallEvent?
        for await event in await installer.install(locale: "nl-NL") { last = event }
        #expect(last == .installed)

        let transcription = try await transcriber.transcribe(file: sample.file, locale: "nl-NL")
        #expect(transcription.locale == "nl-NL")
        let wer = WordErrorRate.rate(hypothesis: transcription.text, reference: sample.reference)
        #expect(wer <= 0.35, "WER \(wer): \(transcription.text)")
    }
}
