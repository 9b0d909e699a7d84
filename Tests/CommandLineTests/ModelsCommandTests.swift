import Foundation
import StationTestSupport
import Testing

/// A small en-US model archive served over loopback for the binary's `models` subcommand.
final class ModelsCommandFixture: Sendable {
    static let shared: ModelsCommandFixture = {
        do {
            return try ModelsCommandFixture()
        } catch {
            fatalError("cannot build the test archive: \(error)")
        }
    }()

    let folder: TemporaryFolder
    let server: LoopbackModelServer
    let archive = "cmusphinx-test-5.2.tar.gz"

    private init() throws {
        TemporaryFolder.sweepAbandoned()
        folder = try TemporaryFolder("cli-archives")
        try TestModelArchives.build(archive, in: folder.url, small: true)
        server = try LoopbackModelServer(serving: folder.url)
    }

    /// A catalog part from the archive.
    func part(_ url: URL, _ path: String) -> [String: Any] { ["url": url.absoluteString, "path": path] }

    /// Writes a catalog with en-US (system-provided) and nl-NL (from `url`) into `folder`.
    func writeCatalog(in folder: URL, nlURL url: URL) throws -> URL {
        let debian = TestModelArchives.debianModel.path
        let catalog: [String: Any] = [
            "version": 1,
            "locales": [
                [
                    "locale": "en-US", "displayName": "English (test)",
                    "acousticModel": part(url, TestModelArchives.acousticPath),
                    "languageModel": part(url, TestModelArchives.languageModelPath),
                    "dictionary": part(url, TestModelArchives.dictionaryPath),
                    "system": [
                        "acousticModel": debian + "/en-us", "languageModel": debian + "/en-us.lm.bin",
                        "dictionary": debian + "/cmudict-en-us.dict",
                    ],
                ],
                [
                    "locale": "nl-NL", "displayName": "Nederlands (test)",
                    "acousticModel": part(url, TestModelArchives.acousticPath),
                    "languageModel": part(url, TestModelArchives.languageModelPath),
                    "dictionary": part(url, TestModelArchives.dictionaryPath),
                ],
            ],
        ]
        let file = folder.appendingPathComponent("catalog.json")
        try JSONSerialization.data(withJSONObject: catalog).write(to: file)
        return file
    }
}

@Suite("dictation-station models", .serialized)
struct ModelsCommandTests {
    let fixture = ModelsCommandFixture.shared

    /// Names in the models folder other than installed locales.
    func leftovers(_ data: TemporaryFolder, besides: [String] = []) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: data.url.appendingPathComponent("models").path)) ?? []
        return names.filter { !besides.contains($0) }.sorted()
    }

    @Test("lists, installs, lists again and removes a model")
    func installAndRemove() async throws {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let catalog = try fixture.writeCatalog(in: data.url, nlURL: fixture.server.url(fixture.archive))
        let base = ["--data-dir", data.url.path, "--catalog", catalog.path]

        let listed = try await BinaryRun.run(base + ["models"])
        #expect(listed.status == 0)
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("en-US") && $0.contains("system") })
        #expect(lines.contains { $0.hasPrefix("nl-NL") && $0.contains("available") })

        let installed = try await BinaryRun.run(base + ["models", "install", "nl-NL"])
        #expect(installed.status == 0, "stderr: \(installed.stderr)")
        #expect(installed.stderr.contains("Downloaded"))
        #expect(installed.stderr.contains("Installed the nl-NL speech model"))
        #expect(leftovers(data, besides: ["nl-NL"]).isEmpty)

        let after = try await BinaryRun.run(base + ["models"])
        #expect(after.stdout.split(separator: "\n").contains { $0.hasPrefix("nl-NL") && $0.contains("installed") })

        let removed = try await BinaryRun.run(base + ["models", "remove", "nl-NL"])
        #expect(removed.status == 0)
        #expect(leftovers(data).isEmpty)

        let system = try await BinaryRun.run(base + ["models", "remove", "en-US"])
        #expect(system.status == 1)
        #expect(system.stderr.contains("provided by the system"))
    }

    @Test("a failed install exits 1 with the reason and leaves nothing")
    func failedInstall() async throws {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let catalog = try fixture.writeCatalog(in: data.url, nlURL: fixture.server.status(404, fixture.archive))
        let result = try await BinaryRun.run([
            "--data-dir", data.url.path, "--catalog", catalog.path, "models", "install", "nl-NL",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("404"))
        #expect(leftovers(data).isEmpty)
    }

    @Test("Ctrl-C cancels an install cleanly")
    func interrupt() async throws {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let catalog = try fixture.writeCatalog(in: data.url, nlURL: fixture.server.url(fixture.archive, .slow))
        let run = try BinaryRun(["--data-dir", data.url.path, "--catalog", catalog.path, "models", "install", "nl-NL"])
        #expect(await run.waitForStderr("Downloaded"))
        #expect(!leftovers(data).isEmpty, "the download is under way")
        run.process.interrupt()
        let status = await run.wait(limit: .seconds(30))
        #expect(status == 130, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("Cancelled"))
        #expect(leftovers(data).isEmpty, "nothing left behind")
    }

    @Test("--model-mirror fetches the files by name from the mirror; DICTATION_STATION_CATALOG is read")
    func mirror() async throws {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let offline = URL(string: "https://sourceforge.invalid/cmusphinx/files/\(fixture.archive)/download")!
        let catalog = try fixture.writeCatalog(in: data.url, nlURL: offline)
        let before = try fixture.server.requests("files/\(fixture.archive)")
        let result = try await BinaryRun.run(
            [
                "--data-dir", data.url.path, "--model-mirror",
                fixture.server.base.appendingPathComponent("files").absoluteString,
                "models", "install", "nl-NL",
            ], environment: ["DICTATION_STATION_CATALOG": catalog.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try fixture.server.requests("files/\(fixture.archive)") == before + 1)
    }

    @Test(
        "wrong input is said clearly",
        arguments: [
            (["models", "install"], Int32(2), "missing LOCALE"),
            (["models", "install", "xx-XX"], Int32(2), "offers no speech model for 'xx-XX'"),
            (["models", "frobnicate"], Int32(2), "invalid value"),
            (["--catalog", "/nonexistent/catalog.json", "models"], Int32(1), "cannot be read"),
        ])
    func wrongInput(arguments: [String], status: Int32, message: String) async throws {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let result = try await BinaryRun.run(["--data-dir", data.url.path] + arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test("models install LOCALE --from FILE installs from a file at hand, with no network")
    func fromFile() async throws {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let offline = URL(string: "https://sourceforge.invalid/cmusphinx/files/\(fixture.archive)/download")!
        let catalog = try fixture.writeCatalog(in: data.url, nlURL: offline)
        let archive = fixture.folder.url.appendingPathComponent(fixture.archive)
        let result = try await BinaryRun.run([
            "--data-dir", data.url.path, "--catalog", catalog.path, "models", "install", "nl-NL", "--from",
            archive.path,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("Installed the nl-NL speech model"))
        #expect(leftovers(data, besides: ["nl-NL"]).isEmpty)
        let listed = try await BinaryRun.run(["--data-dir", data.url.path, "--catalog", catalog.path, "models"])
        #expect(listed.stdout.split(separator: "\n").contains { $0.hasPrefix("nl-NL") && $0.contains("installed") })
    }

    @Test("what models prints from the command line, the files given and the catalog shows escapes visibly")
    func sanitized() async throws {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let catalog = try fixture.writeCatalog(in: data.url, nlURL: fixture.server.url(fixture.archive))
        let base = ["--data-dir", data.url.path, "--catalog", catalog.path]

        let unknown = try await BinaryRun.run(base + ["models", "install", "xx\u{1B}[2J\u{1B}]0;owned\u{07}"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("offers no speech model for 'xx␛[2J␛]0;owned␇'"), "stderr: \(unknown.stderr)")
        #expect(!unknown.stderr.contains("\u{1B}") && !unknown.stderr.contains("\u{07}"))

        let hostile = data.url.appendingPathComponent("\u{1B}[31mevil.tar.gz")
        try Data("x".utf8).write(to: hostile)
        let archive = fixture.folder.url.appendingPathComponent(fixture.archive)
        let stray = try await BinaryRun.run(
            base + ["models", "install", "nl-NL", "--from", archive.path, hostile.path])
        #expect(stray.status == 1)
        #expect(
            stray.stderr.contains("␛[31mevil.tar.gz is not one of the files the nl-NL model needs"), "\(stray.stderr)")
        #expect(!stray.stderr.contains("\u{1B}"))
        #expect(leftovers(data).isEmpty)

        let named = data.url.appendingPathComponent("named.json")
        let text = try String(contentsOf: catalog, encoding: .utf8)
            .replacingOccurrences(of: "Nederlands (test)", with: #"Nederlands\u001b[2J"#)
        try Data(text.utf8).write(to: named)
        let refused = try await BinaryRun.run(["--data-dir", data.url.path, "--catalog", named.path, "models"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(#"nl-NL has control characters in its display name "Nederlands\u{1B}[2J""#),
            "stderr: \(refused.stderr)")
        #expect(!refused.stderr.contains("\u{1B}"))
        #expect(refused.stdout.isEmpty)
    }

    @Test("an invalid catalog is refused with what is wrong")
    func invalidCatalog() async throws {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let file = data.url.appendingPathComponent("bad.json")
        try Data(#"{"version": 1, "locales": [{"locale": "nl-NL"}]}"#.utf8).write(to: file)
        let result = try await BinaryRun.run(["--data-dir", data.url.path, "--catalog", file.path, "models"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("invalid"), "stderr: \(result.stderr)")
    }
}
