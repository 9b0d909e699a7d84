import Foundation
import SpeechModels
import StationCore
import StationTestSupport
import Testing

/// A broken source, and the words its failure reason must contain.
struct BrokenSource: Sendable, CustomStringConvertible {
    var description: String
    /// Builds the catalog entry's archive URL from the fixture's server.
    var url: @Sendable (InstallerFixture) -> URL
    var sha256: String? = nil
    var idleTimeout: TimeInterval = 30
    var reasonContains: String

    static let all: [BrokenSource] = [
        BrokenSource(
            description: "a truncated archive", url: { $0.server.url("en-us-truncated.tar.gz") },
            reasonContains: "archive"),
        BrokenSource(
            description: "a wrong sha256", url: { $0.server.url("en-us-small.tar.gz") },
            sha256: String(repeating: "0", count: 64), reasonContains: "sha256"),
        BrokenSource(
            description: "HTTP 404", url: { $0.server.status(404, "en-us-small.tar.gz") }, reasonContains: "404"),
        BrokenSource(
            description: "HTTP 500", url: { $0.server.status(500, "en-us-small.tar.gz") }, reasonContains: "500"),
        BrokenSource(
            description: "a server that stops answering", url: { $0.server.url("en-us-small.tar.gz", .hang) },
            idleTimeout: 1, reasonContains: "stopped answering"),
        BrokenSource(
            description: "an archive with ../", url: { $0.server.url("hostile-dotdot.tar.gz") },
            reasonContains: "outside"),
        BrokenSource(
            description: "an archive with an absolute path", url: { $0.server.url("hostile-absolute.tar.gz") },
            reasonContains: "outside"),
        BrokenSource(
            description: "an archive writing through an escaping symlink",
            url: { $0.server.url("hostile-symlink.tar.gz") }, reasonContains: "outside"),
        BrokenSource(
            description: "an archive with a symlink to /etc/passwd",
            url: { $0.server.url("hostile-symlinkonly.tar.gz") }, reasonContains: "outside"),
        BrokenSource(
            description: "an archive missing noisedict", url: { $0.server.url("en-us-no-noisedict.tar.gz") },
            reasonContains: "noisedict"),
    ]
}

@Suite("A failed or cancelled install leaves nothing behind", .serialized)
struct FailedInstallTests {
    let fixture = InstallerFixture.shared

    @Test(
        "each failure ends in failed(reason), with no partial install and the earlier model untouched",
        arguments: BrokenSource.all)
    func failure(_ source: BrokenSource) async throws {
        let good = InstallerFixture.entry("nl-NL", archive: fixture.server.url("en-us-small.tar.gz"))
        let first = try InstallerSetup([good])
        defer { first.data.remove() }
        #expect(await collect(await first.installer.install(locale: "nl-NL")).last == .installed)
        let before = try snapshot(first.models.appendingPathComponent("nl-NL"))

        // The same models folder, now with a catalog whose nl-NL is broken.
        var options = ModelInstaller.Options()
        options.idleTimeout = source.idleTimeout
        let broken = InstallerFixture.entry("nl-NL", archive: source.url(fixture), sha256: source.sha256)
        let installer = ModelInstaller(
            catalog: ModelCatalog(locales: [broken]), modelsDirectory: first.models, options: options)
        let escapedBefore = escapedFiles()

        let events = await collect(await installer.install(locale: "nl-NL"))

        guard case .failed(let reason) = events.last else {
            Issue.record("expected failed, got \(events)")
            return
        }
        #expect(reason.localizedCaseInsensitiveContains(source.reasonContains), "reason: \(reason)")
        #expect(events.filter(\.isFinal).count == 1)
        #expect(first.leftovers(besides: ["nl-NL"]).isEmpty, "no temporary files remain")
        #expect(try snapshot(first.models.appendingPathComponent("nl-NL")) == before, "earlier model untouched")
        #expect(await installer.state(of: "nl-NL") == .installed)
        #expect(escapedFiles() == escapedBefore, "nothing landed outside the models folder")
        #expect(!FileManager.default.fileExists(atPath: first.data.url.appendingPathComponent("escaped.txt").path))
        #expect(!FileManager.default.fileExists(atPath: first.models.appendingPathComponent("escaped.txt").path))
    }

    @Test("a cancel mid-download from a throttling server leaves nothing behind")
    func cancelMidDownload() async throws {
        let setup = try InstallerSetup([
            InstallerFixture.entry("ru-RU", archive: fixture.server.url("en-us-small.tar.gz", .slow))
        ])
        defer { setup.data.remove() }
        let stream = await setup.installer.install(locale: "ru-RU")
        var events: [InstallEvent] = []
        for await event in stream {
            events.append(event)
            if case .progress = event, events.count == 2 {
                #expect(!setup.leftovers().isEmpty, "the download is under way in a temporary folder")
                await setup.installer.cancelInstall(locale: "ru-RU")
            }
        }
        #expect(events.last == .cancelled)
        #expect(!events.contains(.installed))
        #expect(setup.leftovers().isEmpty, "no partial model and no temporary file: \(setup.modelsContents())")
        #expect(await setup.installer.state(of: "ru-RU") == .available)
    }

    @Test("two installs of one locale join: one download, the same events")
    func joins() async throws {
        let name = "en-us-small.zip"
        let before = try fixture.server.requests("paced/\(name)")
        let setup = try InstallerSetup([InstallerFixture.entry("es-ES", archive: fixture.server.url(name, .paced))])
        defer { setup.data.remove() }
        let first = await setup.installer.install(locale: "es-ES")
        let second = await setup.installer.install(locale: "es-ES")
        #expect(await setup.installer.state(of: "es-ES") == .installing)
        async let a = collect(first)
        async let b = collect(second)
        let (eventsA, eventsB) = await (a, b)
        #expect(eventsA.last == .installed)
        #expect(eventsB.last == .installed)
        #expect(eventsB.first == .started)
        #expect(try fixture.server.requests("paced/\(name)") == before + 1, "one download for both")
    }

    @Test("--model-mirror fetches every file by its name from the mirror")
    func mirror() async throws {
        let name = "en-us-small.tar.bz2"
        let offline = URL(string: "https://sourceforge.invalid/projects/cmusphinx/files/\(name)/download")!
        let catalog = ModelCatalog(locales: [InstallerFixture.entry("zh-CN", archive: offline)])
            .mirrored(to: fixture.server.base.appendingPathComponent("files"))
        let before = try fixture.server.requests("files/\(name)")
        let data = try TemporaryFolder("mirror")
        defer { data.remove() }
        let installer = ModelInstaller(catalog: catalog, modelsDirectory: data.url.appendingPathComponent("models"))
        let events = await collect(await installer.install(locale: "zh-CN"))
        #expect(events.last == .installed)
        #expect(try fixture.server.requests("files/\(name)") == before + 1)
    }

    @Test("uninstall removes an installed model; a system model is not removable")
    func uninstall() async throws {
        var entry = InstallerFixture.entry("en-US", archive: fixture.server.url("en-us-small.tar.gz"))
        entry.system = SystemModelPaths(
            acousticModel: TestModelArchives.debianModel.appendingPathComponent("en-us").path,
            languageModel: TestModelArchives.debianModel.appendingPathComponent("en-us.lm.bin").path,
            dictionary: TestModelArchives.debianModel.appendingPathComponent("cmudict-en-us.dict").path)
        let setup = try InstallerSetup([entry, InstallerFixture.entry("nl-NL", archive: fixture.server.url("x"))])
        defer { setup.data.remove() }
        #expect(await setup.installer.state(of: "en-US") == .system)
        #expect(await setup.installer.state(of: "nl-NL") == .available)
        await #expect(throws: ModelRemovalError.providedBySystem(locale: "en-US")) {
            try await setup.installer.uninstall(locale: "en-US")
        }
        await #expect(throws: ModelRemovalError.notInstalled(locale: "nl-NL")) {
            try await setup.installer.uninstall(locale: "nl-NL")
        }
        #expect(await collect(await setup.installer.install(locale: "en-US")).last == .installed)
        #expect(await setup.installer.state(of: "en-US") == .installed)
        try await setup.installer.uninstall(locale: "en-US")
        #expect(await setup.installer.state(of: "en-US") == .system)
        #expect(setup.leftovers().isEmpty)
    }

    /// Every file below `folder` with its contents, to prove a model untouched.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        for path in paths {
            let url = folder.appendingPathComponent(path)
            if ModelLayoutProbe.isFile(url) { result[path] = try Data(contentsOf: url) }
        }
        return result
    }

    private func escapedFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        return names.filter { $0.hasPrefix("dictation-station-escaped") || $0 == "escaped.txt" }.sorted()
    }
}

enum ModelLayoutProbe {
    static func isFile(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && !directory.boolValue
    }
}
