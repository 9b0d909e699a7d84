import Foundation
import SpeechModels
import StationCore
import StationTestSupport
import Testing

// `String(contentsOf:)` of the server's http URLs needs FoundationNetworking on Linux.
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Download hosts: a tool's User-Agent, redirects to mirrors, web pages refused", .serialized)
struct DownloadHostTests {
    let fixture = InstallerFixture.shared

    func url(_ mode: String, _ name: String) -> URL {
        fixture.server.base.appendingPathComponent(mode).appendingPathComponent(name)
    }

    /// The User-Agent the server saw last for `path`.
    func agent(_ path: String) throws -> String {
        try String(contentsOf: fixture.server.base.appendingPathComponent("agent/\(path)"), encoding: .utf8)
    }

    @Test("a SourceForge-like host redirects the installer (not a browser) through mirrors to the file")
    func sourceForge() async throws {
        let name = "en-us-small.zip"
        // The last hop before the file is this test's alone (other suites fetch files/ at the same time).
        let before = try fixture.server.requests("redirect/0/\(name)")
        let setup = try InstallerSetup([InstallerFixture.entry("nl-NL", archive: url("sourceforge", name))])
        defer { setup.data.remove() }
        let events = await collect(await setup.installer.install(locale: "nl-NL"))
        #expect(events.last == .installed, "\(events)")
        #expect(try fixture.server.requests("redirect/0/\(name)") == before + 1, "followed to the mirror")
        let sent = try agent("sourceforge/\(name)")
        #expect(sent.hasPrefix("dictation-station-model-installer/"), "User-Agent: \(sent)")
        #expect(!sent.contains("Mozilla"))
        #expect(try agent("redirect/0/\(name)") == sent, "every redirect keeps the User-Agent")
    }

    @Test(
        "a web page or a wrong file instead of the model is refused with the reason",
        arguments: [
            ("page", "en-us-small.tar.gz", "web page instead of en-us-small.tar.gz"),
            ("files", "interstitial.tar.gz", "web page instead of interstitial.tar.gz"),
            ("files", "plain-text.tar.gz", "plain-text.tar.gz is not a gzip file"),
            ("redirect/15", "en-us-small.tar.gz", "redirected too many times"),
        ])
    func refused(mode: String, name: String, reason: String) async throws {
        let setup = try InstallerSetup([InstallerFixture.entry("de-DE", archive: url(mode, name))])
        defer { setup.data.remove() }
        let events = await collect(await setup.installer.install(locale: "de-DE"))
        guard case .failed(let said) = events.last else {
            Issue.record("expected failed, got \(events)")
            return
        }
        #expect(said.contains(reason), "reason: \(said)")
        #expect(setup.leftovers().isEmpty)
    }

    @Test(
        "a saved interstitial named fr.dict is refused, served as a page or as a file",
        arguments: ["page", "files"])
    func interstitialDictionary(mode: String) async throws {
        let entry = CatalogEntry(
            locale: "fr-FR", displayName: "Test",
            acousticModel: CatalogPart(
                url: fixture.server.url("en-us-small.tar.gz"), path: TestModelArchives.acousticPath),
            languageModel: CatalogPart(url: fixture.server.url("en-us-phone.lm.bin")),
            dictionary: CatalogPart(url: url(mode, "fr.dict")))
        let setup = try InstallerSetup([entry])
        defer { setup.data.remove() }
        let events = await collect(await setup.installer.install(locale: "fr-FR"))
        #expect(
            events.last
                == .failed(
                    reason:
                        "the server sent a web page instead of fr.dict; the download site may have changed, try --model-mirror or --from"
                ))
        #expect(setup.leftovers().isEmpty)
    }
}

@Suite("Installing from files at hand (--from)")
struct LocalFilesTests {
    let fixture = InstallerFixture.shared

    static let offline = URL(string: "https://sourceforge.invalid/cmusphinx/files/en-us-small.tar.gz/download")!

    @Test("the archive from a USB stick, by its name or in a folder, installs with no network")
    func installs() async throws {
        let entry = InstallerFixture.entry("nl-NL", archive: Self.offline)
        for given in [[fixture.archiveURL("en-us-small.tar.gz")], [fixture.folder.url]] {
            let local = try entry.fromLocalFiles(given)
            #expect(local.downloads.count == 1)
            #expect(local.acousticModel.fileName == "en-us-small.tar.gz")
            let setup = try InstallerSetup([local])
            defer { setup.data.remove() }
            #expect(await collect(await setup.installer.install(locale: "nl-NL")).last == .installed)
        }
    }

    @Test("a one-file model takes a renamed file, still checked by the catalog's sha256")
    func renamedSingleFile() async throws {
        let stick = try TemporaryFolder("stick")
        defer { stick.remove() }
        let renamed = stick.url.appendingPathComponent("german model (1).tgz")
        try FileManager.default.copyItem(at: fixture.archiveURL("en-us-small.tar.gz"), to: renamed)
        let good = InstallerFixture.entry(
            "de-DE", archive: Self.offline, sha256: try TestModelArchives.sha256(renamed))
        let setup = try InstallerSetup([try good.fromLocalFiles([renamed])])
        defer { setup.data.remove() }
        #expect(await collect(await setup.installer.install(locale: "de-DE")).last == .installed)

        let wrong = InstallerFixture.entry("de-DE", archive: Self.offline, sha256: String(repeating: "a", count: 64))
        let other = try InstallerSetup([try wrong.fromLocalFiles([renamed])])
        defer { other.data.remove() }
        #expect(
            await collect(await other.installer.install(locale: "de-DE")).last
                == .failed(reason: "en-us-small.tar.gz is damaged or not the expected file (sha256 differs)"))
    }

    @Test("files that are missing, not needed or not enough are said clearly")
    func wrongFiles() throws {
        let entry = CatalogEntry(
            locale: "fr-FR", displayName: "Test",
            acousticModel: CatalogPart(url: Self.offline, path: TestModelArchives.acousticPath),
            languageModel: CatalogPart(url: URL(string: "https://x.invalid/fr-small.lm.gz/download")!),
            dictionary: CatalogPart(url: URL(string: "https://x.invalid/fr.dict/download")!))
        #expect(throws: LocalFilesError.missing(path: "/nonexistent/fr.dict")) {
            try entry.fromLocalFiles([URL(fileURLWithPath: "/nonexistent/fr.dict")])
        }
        let stray = fixture.archiveURL("en-us-phone.lm.bin")
        #expect(
            throws: LocalFilesError.notNeeded(
                path: stray.path, locale: "fr-FR", needed: ["en-us-small.tar.gz", "fr-small.lm.gz", "fr.dict"])
        ) {
            try entry.fromLocalFiles([fixture.archiveURL("en-us-small.tar.gz"), stray])
        }
        #expect(throws: LocalFilesError.notGiven(locale: "fr-FR", names: ["fr-small.lm.gz"])) {
            try entry.fromLocalFiles([fixture.archiveURL("en-us-small.tar.gz"), fixture.archiveURL("fr.dict")])
        }
    }
}
