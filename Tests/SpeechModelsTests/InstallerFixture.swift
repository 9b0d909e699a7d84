import Foundation
import SpeechModels
import StationCore
import StationTestSupport

/// Archives built once for the suite, a loopback server serving them, and helpers to run installs.
final class InstallerFixture: Sendable {
    static let shared: InstallerFixture = {
        do {
            return try InstallerFixture()
        } catch {
            fatalError("cannot build the test archives: \(error)")
        }
    }()

    let folder: TemporaryFolder
    let server: LoopbackModelServer
    /// The full model (word language model) as .tar.gz; the others carry the small phone LM.
    let fullArchive = "en-us-full.tar.gz"

    private init() throws {
        // The suite's archives live as long as the test process; those of earlier runs go now.
        TemporaryFolder.sweepAbandoned()
        folder = try TemporaryFolder("archives")
        let url = folder.url
        try TestModelArchives.build(fullArchive, in: url)
        try TestModelArchives.build("en-us-small.tar.gz", in: url, small: true)
        try TestModelArchives.build("en-us-small.tar.bz2", in: url, small: true)
        try TestModelArchives.build("en-us-small.zip", in: url, small: true)
        try TestModelArchives.build("en-us-no-noisedict.tar.gz", in: url, small: true, omitting: "noisedict")
        try TestModelArchives.truncated(url.appendingPathComponent("en-us-small.tar.gz"), to: "en-us-truncated.tar.gz")
        for kind in ["dotdot", "absolute", "symlink", "symlinkonly"] { try TestModelArchives.hostile(kind, in: url) }
        // Plain files: the language model as is, the dictionary gzip-compressed.
        let model = TestModelArchives.debianModel
        try FileManager.default.copyItem(
            at: model.appendingPathComponent("en-us-phone.lm.bin"), to: url.appendingPathComponent("en-us-phone.lm.bin")
        )
        let dictionary = url.appendingPathComponent("cmudict-en-us.dict")
        try FileManager.default.copyItem(at: model.appendingPathComponent("cmudict-en-us.dict"), to: dictionary)
        try runProgram("/bin/gzip", ["-f", dictionary.path])
        // What a download host's "your download will start shortly" page looks like once saved.
        let page = "<!DOCTYPE html>\n<html><head><title>SourceForge</title></head><body>Downloading…</body></html>\n"
        try Data(page.utf8).write(to: url.appendingPathComponent("fr.dict"))
        try Data(page.utf8).write(to: url.appendingPathComponent("interstitial.tar.gz"))
        try Data("not an archive at all\n".utf8).write(to: url.appendingPathComponent("plain-text.tar.gz"))
        server = try LoopbackModelServer(serving: url)
    }

    /// A catalog entry whose three parts come from one archive at `url`.
    static func entry(_ locale: String, archive url: URL, sha256: String? = nil) -> CatalogEntry {
        CatalogEntry(
            locale: locale, displayName: "Test \(locale)",
            acousticModel: CatalogPart(url: url, path: TestModelArchives.acousticPath, sha256: sha256),
            languageModel: CatalogPart(url: url, path: TestModelArchives.languageModelPath),
            dictionary: CatalogPart(url: url, path: TestModelArchives.dictionaryPath))
    }

    func archiveURL(_ name: String) -> URL { folder.url.appendingPathComponent(name) }
}

/// Collects every event of an install stream.
func collect(_ events: AsyncStream<InstallEvent>) async -> [InstallEvent] {
    var all: [InstallEvent] = []
    for await event in events { all.append(event) }
    return all
}

/// A fresh data directory with its models folder, and an installer on a catalog.
struct InstallerSetup {
    let data: TemporaryFolder
    let models: URL
    let installer: ModelInstaller

    init(_ entries: [CatalogEntry], idleTimeout: TimeInterval = 30) throws {
        data = try TemporaryFolder("models")
        models = data.url.appendingPathComponent("models", isDirectory: true)
        var options = ModelInstaller.Options()
        options.idleTimeout = idleTimeout
        installer = ModelInstaller(catalog: ModelCatalog(locales: entries), modelsDirectory: models, options: options)
    }

    /// Everything in the models folder, relative paths, sorted.
    func modelsContents() -> [String] {
        (FileManager.default.enumerator(atPath: models.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Names at the top of the models folder that are not installed locales (work folders, leftovers).
    func leftovers(besides locales: [String] = []) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: models.path)) ?? []
        return names.filter { !locales.contains($0) }.sorted()
    }
}
