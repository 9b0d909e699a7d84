import Foundation
import SpeechModels
import StationCore
import StationTestSupport
import Testing

/// The small en-US model and two archive bombs served over loopback.
final class ModelSourceFixture: Sendable {
    static let shared: ModelSourceFixture = {
        do {
            return try ModelSourceFixture()
        } catch {
            fatalError("cannot build the test archives: \(error)")
        }
    }()

    static let fourGiB: Int64 = 4 << 30
    let folder: TemporaryFolder
    let server: LoopbackModelServer
    let archive = "en-us-small.tar.gz"
    /// The small model and then a 4 GiB file of zeros, about 9 MB as .tar.gz.
    let tarBomb = "bomb-4g.tar.gz"
    /// 4 GiB of zeros as one compressed language model, about 4 MB.
    let gzipBomb = "bomb-4g.lm.gz"

    private init() throws {
        TemporaryFolder.sweepAbandoned()
        folder = try TemporaryFolder("limit-archives")
        try TestModelArchives.build(archive, in: folder.url, small: true)
        let script = PackagePaths.fixtures.appendingPathComponent("bomb_archive.py").path
        for (kind, name) in [("tar", tarBomb), ("gz", gzipBomb)] {
            let output = folder.url.appendingPathComponent(name).path
            let result = try runProgram(
                "/usr/bin/python3", [script, kind, output, String(Self.fourGiB), TestModelArchives.debianModel.path])
            guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        server = try LoopbackModelServer(serving: folder.url)
    }

    /// A URL of the server in a mode the Swift helper does not name (drip).
    func url(_ mode: String, _ name: String) -> URL {
        server.base.appendingPathComponent(mode).appendingPathComponent(name)
    }

    /// A catalog entry whose three parts come from the small archive at `url`.
    static func entry(_ locale: String, archive url: URL, unpackedSize: Int64? = nil) -> CatalogEntry {
        CatalogEntry(
            locale: locale, displayName: "Test \(locale)",
            acousticModel: CatalogPart(url: url, path: TestModelArchives.acousticPath, unpackedSize: unpackedSize),
            languageModel: CatalogPart(url: url, path: TestModelArchives.languageModelPath),
            dictionary: CatalogPart(url: url, path: TestModelArchives.dictionaryPath))
    }

    /// The bytes of every regular file below `folder`.
    static func diskUsage(_ folder: URL) -> Int64 {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return paths.reduce(0) { total, path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}

/// The largest value it has been told, from any thread.
final class Peak: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int64 = 0
    func note(_ bytes: Int64) { lock.withLock { value = max(value, bytes) } }
    var highest: Int64 { lock.withLock { value } }
}

@Suite("Survives: model downloads that never end, archives that never stop unpacking, a disk filling up", .serialized)
struct ModelDownloadLimitTests {
    let fixture = ModelSourceFixture.shared

    /// Installs `entries`' first locale into a fresh models folder; the final event and what is left there.
    func install(
        _ entry: CatalogEntry, limits: (inout InstallLimits, URL) -> Void = { _, _ in }
    ) async throws -> (reason: String?, leftovers: [String], models: URL) {
        let data = try TemporaryFolder("limits")
        defer { data.remove() }
        let models = data.url.appendingPathComponent("models", isDirectory: true)
        var options = ModelInstaller.Options()
        limits(&options.limits, models)
        let installer = ModelInstaller(
            catalog: ModelCatalog(locales: [entry]), modelsDirectory: models, options: options)
        var last: InstallEvent?
        for await event in await installer.install(locale: entry.locale) { last = event }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: models.path)) ?? []
        #expect(await installer.state(of: entry.locale) == .available)
        guard case .failed(let reason) = last else {
            Issue.record("expected the install to fail, it ended with \(last.map { "\($0)" } ?? "nothing")")
            return (nil, leftovers, models)
        }
        return (reason, leftovers, models)
    }

    @Test("a server dripping 1 byte a second fails the install for its minimum rate, leaving nothing")
    func drip() async throws {
        let entry = ModelSourceFixture.entry("nl-NL", archive: fixture.url("drip", fixture.archive))
        let result = try await install(entry) { limits, _ in
            limits.minimumRate = 1_000
            limits.rateWindow = .seconds(1)
        }
        #expect(result.reason?.contains("is too slow") == true, "reason: \(result.reason ?? "")")
        #expect(result.reason?.contains("at least 1.0 KB/s needed") == true, "reason: \(result.reason ?? "")")
        #expect(result.leftovers.isEmpty)
    }

    @Test("a steady download that takes too long fails at its deadline, leaving nothing")
    func deadline() async throws {
        // 8 KiB every 50 ms: the small archive would take half a minute.
        let entry = ModelSourceFixture.entry("nl-NL", archive: fixture.server.url(fixture.archive, .slow))
        let result = try await install(entry) { limits, _ in
            limits.minimumRate = 0
            limits.downloadDeadline = .seconds(1)
        }
        #expect(result.reason?.contains("did not finish within 1 s") == true, "reason: \(result.reason ?? "")")
        #expect(result.leftovers.isEmpty)
    }

    @Test("an archive that unpacks to 4 GiB stops at the catalog's declared size before writing the bomb")
    func tarBombAgainstDeclaredSize() async throws {
        let peak = Peak()
        let entry = ModelSourceFixture.entry(
            "de-DE", archive: fixture.server.url(fixture.tarBomb), unpackedSize: 20_000_000)
        let result = try await install(entry) { limits, models in
            limits.freeSpace = { folder in
                peak.note(ModelSourceFixture.diskUsage(models))
                return DiskSpace.available(at: folder)
            }
        }
        #expect(
            result.reason?.contains("bomb-4g.tar.gz unpacks to more than 22.0 MB, more than the catalog says") == true,
            "reason: \(result.reason ?? "")")
        #expect(result.leftovers.isEmpty, "nothing left in models/: \(result.leftovers)")
        #expect(peak.highest < 40_000_000, "at most the model and the archive were on disk: \(peak.highest) bytes")
    }

    @Test("a compressed file that unpacks to 4 GiB, with no size declared, stops at the expansion ratio")
    func gzipBombWithoutDeclaredSize() async throws {
        let peak = Peak()
        let entry = CatalogEntry(
            locale: "fr-FR", displayName: "Test",
            acousticModel: CatalogPart(
                url: fixture.server.url(fixture.archive), path: TestModelArchives.acousticPath),
            languageModel: CatalogPart(url: fixture.server.url(fixture.gzipBomb)),
            dictionary: CatalogPart(url: fixture.server.url(fixture.archive), path: TestModelArchives.dictionaryPath))
        let result = try await install(entry) { limits, models in
            limits.freeSpace = { folder in
                peak.note(ModelSourceFixture.diskUsage(models))
                return DiskSpace.available(at: folder)
            }
        }
        #expect(
            result.reason?.contains("bomb-4g.lm.gz unpacks to more than") == true
                && result.reason?.contains("far more than a speech model") == true,
            "reason: \(result.reason ?? "")")
        #expect(result.leftovers.isEmpty, "nothing left in models/: \(result.leftovers)")
        // 20 times the 4 MB file, checked every 4 MiB: far from 4 GiB.
        #expect(peak.highest < 200_000_000, "stopped early: \(peak.highest) bytes on disk at most")
    }

    @Test("an install whose declared size would eat into the recordings' reserve is refused before downloading")
    func reserveBeforeDownload() async throws {
        let name = "files/\(fixture.archive)"
        let before = try fixture.server.requests(name)
        var entry = ModelSourceFixture.entry("it-IT", archive: fixture.server.url(fixture.archive))
        entry.acousticModel.size = 50_000_000
        let result = try await install(entry) { limits, _ in
            limits.recordingReserve = 1_000_000_000
            limits.freeSpace = { _ in 1_010_000_000 }
        }
        #expect(
            result.reason?.contains(
                "not enough free disk space for the model: 1.0 GB free, the install needs about 50.0 MB more "
                    + "and the station keeps 1.0 GB free for recordings") == true,
            "reason: \(result.reason ?? "")")
        #expect(try fixture.server.requests(name) == before, "nothing was downloaded")
        #expect(result.leftovers.isEmpty)
    }

    @Test("a disk that fills up while the model unpacks stops the install, keeping the recordings' reserve")
    func diskFillsWhileUnpacking() async throws {
        // A disk with 7 MiB beyond the reserve: the 5 MB archive fits, its 10 MB of model does not.
        let reserve: Int64 = 1 << 30
        let entry = ModelSourceFixture.entry("es-ES", archive: fixture.server.url(fixture.archive))
        let result = try await install(entry) { limits, models in
            limits.recordingReserve = reserve
            limits.freeSpace = { _ in reserve + (7 << 20) - ModelSourceFixture.diskUsage(models) }
        }
        #expect(result.reason?.contains("not enough free disk space") == true, "reason: \(result.reason ?? "")")
        #expect(result.reason?.contains("free for recordings") == true)
        #expect(result.leftovers.isEmpty)
    }
}
