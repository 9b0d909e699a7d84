import Recordings
import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// The README promises no patient text in the log; pocketsphinx logs the words it recognizes.
@Suite("The decoder's log holds no dictated words", .serialized)
struct DecoderLogTests {
    @Test(
        "lines of the search and the lattice are left out; warnings keep their place, loading lines stay",
        arguments: [
            ("INFO: ps_lattice.c(1239): End node dashwood.344:346:360 (-2211)", nil),
            ("INFO: ngram_search.c(1301): </s> not found in last frame, using amiable.1498 instead", nil),
            ("INFO: ngram_search_fwdtree.c(1553):     1234 words recognized (12/fr)", nil),
            ("ngram_search.c(900): dashwood", nil),
            ("dashwood.344 leisure", nil),
            (
                "ERROR: \"ngram_search.c\", line 1180: Failed to find DAG node corresponding to dashwood",
                "ERROR: \"ngram_search.c\", line 1180: (text left out: the search's messages may hold dictated words)"
            ),
            ("INFO: dict.c(320): 134522 words read", "INFO: dict.c(320): 134522 words read"),
            (
                "ERROR: \"acmod.c\", line 83: Folder 'x' does not contain",
                "ERROR: \"acmod.c\", line 83: Folder 'x' does not contain"
            ),
            ("-lw\t\t\t6.5\t\t6.500000e+00", "-lw\t\t\t6.5\t\t6.500000e+00"),
            ("Current configuration:", "Current configuration:"),
        ] as [(String, String?)])
    func filter(line: String, kept: String?) {
        #expect(DecoderLog.filtered(line)?.1 == kept)
    }

    @Test("a sentence decoded live and from its file: no word of it in any log of the data directory")
    func noWordsInTheLogs() async throws {
        let folder = try AudioFixtures.temporaryDirectory("log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = StationPaths(dataDirectory: folder.appendingPathComponent("data"))
        try paths.createDirectories()
        let log = FileStationLog(file: paths.logFile)
        let transcriber = SphinxTranscriber(paths: paths, log: log)
        let sample = try #require(LibriVoxSamples.all().first)
        let audio = try AudioFileReader.samples(of: sample.file)

        // Cut off mid-word as well: the search then logs the word it ends on ("using dashwood.344 instead").
        let cut = folder.appendingPathComponent("cut.wav")
        try AudioFixtures.writeWAV(Array(audio.prefix(41_000)), to: cut)
        var texts = [sample.reference]
        for file in [sample.file, cut] {
            texts.append(try await transcriber.transcribe(file: file, locale: "en-US").text)
            let fed = try AudioFileReader.samples(of: file)
            let live = try #require(await transcriber.beginLive(locale: "en-US"))
            let listener = Task { for await _ in live.partials {} }
            for position in stride(from: 0, to: fed.count, by: 1_600) {
                let end = min(fed.count, position + 1_600)
                await live.feed(AudioChunk(samples: Array(fed[position..<end]), position: position))
            }
            texts.append(try await live.finish(file: file).text)
            await listener.value
        }

        let words = Set(
            texts.joined(separator: " ").lowercased()
                .split { !$0.isLetter }.map(String.init).filter { $0.count > 3 })
        #expect(words.count >= 8, "\(words)")
        var logs = ""
        let enumerator = FileManager.default.enumerator(at: paths.dataDirectory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.lastPathComponent.contains(".log") else { continue }
            logs += try String(contentsOf: url, encoding: .utf8).lowercased()
        }
        #expect(logs.contains("pocketsphinx: info: dict.c"), "the model's loading is still logged")
        let logged = Set(logs.split { !$0.isLetter }.map(String.init))
        #expect(logged.intersection(words).isEmpty, "the log holds dictated words: \(logged.intersection(words))")
    }
}
