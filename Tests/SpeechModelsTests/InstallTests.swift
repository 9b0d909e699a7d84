import Foundation
import SpeechModels
import StationCore
import StationTestSupport
import Testing

@Suite("Installing a speech model over loopback HTTP", .serialized)
struct InstallTests {
    let fixture = InstallerFixture.shared

    @Test("an install succeeds, reports in order, and the installed model transcribes a LibriVox file")
    func installsAndTranscribes() async throws {
        let archive = fixture.archiveURL(fixture.fullArchive)
        let sha = try TestModelArchives.sha256(archive)
        let setup = try InstallerSetup([
            InstallerFixture.entry("en-US", archive: fixture.server.url(fixture.fullArchive), sha256: sha)
        ])
        defer { setup.data.remove() }

        let events = await collect(await setup.installer.install(locale: "en-US"))

        #expect(events.first == .started)
        #expect(events.last == .installed)
        let progress = events.compactMap { event -> (Int64, Int64?)? in
            if case .progress(let bytes, let total) = event { return (bytes, total) }
            return nil
        }
        #expect(!progress.isEmpty)
        #expect(progress.map(\.0) == progress.map(\.0).sorted(), "bytes only grow")
        let size = try #require(
            (try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? NSNumber)?.int64Value)
        #expect(progress.last?.0 == size)
        #expect(progress.last?.1 == size, "the total comes from Content-Length")
        let verifying = try #require(events.firstIndex(of: .verifying))
        #expect(events[1..<verifying].allSatisfy { if case .progress = $0 { true } else { false } })
        #expect(verifying == events.count - 2)
        // A few a second at most: a 30 MB loopback download is over in well under a minute.
        #expect(progress.count < 400)

        #expect(await setup.installer.state(of: "en-US") == .installed)
        #expect(setup.leftovers(besides: ["en-US"]).isEmpty, "no temporary files remain")
        let model = try #require(await setup.installer.model(for: "en-US"))
        #expect(!model.isSystem)

        let wav = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav"
        let decoded = try runProgram(
            "/usr/bin/pocketsphinx_continuous",
            [
                "-hmm", model.acousticModel.path, "-lm", model.languageModel.path, "-dict", model.dictionary.path,
                "-infile", wav, "-logfn", "/dev/null",
            ])
        #expect(decoded.status == 0)
        let reference = Set("he was not an ill disposed young man".split(separator: " ").map(String.init))
        let words = Set(decoded.output.lowercased().split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(words.intersection(reference).count >= 4, "decoded: \(decoded.output)")
    }

    @Test("archives in every supported format install", arguments: ["en-us-small.tar.bz2", "en-us-small.zip"])
    func otherFormats(_ name: String) async throws {
        let setup = try InstallerSetup([InstallerFixture.entry("nl-NL", archive: fixture.server.url(name))])
        defer { setup.data.remove() }
        let events = await collect(await setup.installer.install(locale: "nl-NL"))
        #expect(events.last == .installed)
        #expect(await setup.installer.state(of: "nl-NL") == .installed)
        #expect(setup.leftovers(besides: ["nl-NL"]).isEmpty)
    }

    @Test("plain and compressed single files install beside an archive")
    func plainFiles() async throws {
        let entry = CatalogEntry(
            locale: "de-DE", displayName: "Test",
            acousticModel: CatalogPart(
                url: fixture.server.url("en-us-small.tar.gz"), path: TestModelArchives.acousticPath),
            languageModel: CatalogPart(url: fixture.server.url("en-us-phone.lm.bin")),
            dictionary: CatalogPart(url: fixture.server.url("cmudict-en-us.dict.gz")))
        let setup = try InstallerSetup([entry])
        defer { setup.data.remove() }
        let events = await collect(await setup.installer.install(locale: "de-DE"))
        #expect(events.last == .installed)
        let model = try #require(await setup.installer.model(for: "de-DE"))
        let installed = try Data(contentsOf: model.dictionary)
        let original = try Data(contentsOf: TestModelArchives.debianModel.appendingPathComponent("cmudict-en-us.dict"))
        #expect(installed == original, "the dictionary was decompressed")
    }

    @Test("a download slower than the idle timeout but never silent completes")
    func slowButSteady() async throws {
        // 8 KiB every 50 ms: the small phone LM takes about 5 s, five times the idle timeout.
        let entry = CatalogEntry(
            locale: "fr-FR", displayName: "Test",
            acousticModel: CatalogPart(
                url: fixture.server.url("en-us-small.tar.gz"), path: TestModelArchives.acousticPath),
            languageModel: CatalogPart(url: fixture.server.url("en-us-phone.lm.bin", .slow)),
            dictionary: CatalogPart(url: fixture.server.url("cmudict-en-us.dict.gz")))
        let setup = try InstallerSetup([entry], idleTimeout: 1)
        defer { setup.data.remove() }
        let events = await collect(await setup.installer.install(locale: "fr-FR"))
        #expect(events.last == .installed, "\(events.last.map { "\($0)" } ?? "none")")
    }

    @Test("installing from file URLs works too")
    func fileURL() async throws {
        let setup = try InstallerSetup([
            InstallerFixture.entry("it-IT", archive: fixture.archiveURL("en-us-small.tar.gz"))
        ])
        defer { setup.data.remove() }
        let events = await collect(await setup.installer.install(locale: "it-IT"))
        #expect(events.last == .installed)
    }

    @Test("installing over an installed model replaces it and leaves no old copy")
    func replaces() async throws {
        let setup = try InstallerSetup([
            InstallerFixture.entry("it-IT", archive: fixture.server.url("en-us-small.tar.gz"))
        ])
        defer { setup.data.remove() }
        #expect(await collect(await setup.installer.install(locale: "it-IT")).last == .installed)
        let marker = setup.models.appendingPathComponent("it-IT/marker")
        try Data("old".utf8).write(to: marker)
        #expect(await collect(await setup.installer.install(locale: "it-IT")).last == .installed)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the new model replaced the old folder")
        #expect(await setup.installer.state(of: "it-IT") == .installed)
        #expect(setup.leftovers(besides: ["it-IT"]).isEmpty)
    }
}
