import Foundation
import StationTestSupport
import Testing

/// Model downloads over http(s) run in `dictation-station-fetch`, beside the station: the station itself
/// does not link FoundationNetworking (and the libraries it brings), which every start would otherwise
/// load for a download that happens once per locale.
@Suite("The download helper", .serialized)
struct DownloadHelperTests {
    let fixture = ModelsCommandFixture.shared
    static let helper = PackagePaths.binary.deletingLastPathComponent().appendingPathComponent(
        "dictation-station-fetch")

    /// The shared libraries `binary` names as needed (its ELF `NEEDED` entries).
    static func neededLibraries(_ binary: URL) throws -> [String] {
        let result = try runProgram("/usr/bin/readelf", ["-d", binary.path])
        #expect(result.status == 0, "readelf: \(result.output)")
        return result.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
    }

    @Test("the station does not link FoundationNetworking; the helper does")
    func linking() throws {
        let station = try Self.neededLibraries(PackagePaths.binary)
        #expect(station.contains { $0.contains("libFoundation.so") }, "the list was read")
        #expect(!station.contains { $0.contains("FoundationNetworking") })
        #expect(try Self.neededLibraries(Self.helper).contains { $0.contains("libFoundationNetworking.so") })
    }

    /// A copy of the station in a folder of its own, with `helper` (a shell script) as its download
    /// helper, or none.
    func stationAlone(helper script: String?) throws -> (folder: TemporaryFolder, binary: URL) {
        let folder = try TemporaryFolder("alone")
        let binary = folder.url.appendingPathComponent("dictation-station")
        try FileManager.default.copyItem(at: PackagePaths.binary, to: binary)
        if let script {
            let tool = folder.url.appendingPathComponent("dictation-station-fetch")
            try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: tool)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        }
        return (folder, binary)
    }

    func install(with binary: URL) async throws -> (status: Int32, stderr: String, models: [String]) {
        let data = try TemporaryFolder("cli")
        defer { data.remove() }
        let catalog = try fixture.writeCatalog(in: data.url, nlURL: fixture.server.url(fixture.archive))
        let result = try await BinaryRun.run(
            ["--data-dir", data.url.path, "--catalog", catalog.path, "models", "install", "nl-NL"], binary: binary)
        let models = data.url.appendingPathComponent("models").path
        return (result.status, result.stderr, (try? FileManager.default.contentsOfDirectory(atPath: models)) ?? [])
    }

    @Test("a missing helper is said in words, with how to build it, and the install leaves nothing")
    func missingHelper() async throws {
        let alone = try stationAlone(helper: nil)
        defer { alone.folder.remove() }
        let result = try await install(with: alone.binary)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("download helper"))
        #expect(result.stderr.contains("--product dictation-station-fetch"))
        #expect(!result.stderr.contains("Error Domain"))
        #expect(result.models.isEmpty, "left: \(result.models)")
    }

    @Test("a helper that crashes is said in words, and the install leaves nothing")
    func crashingHelper() async throws {
        let alone = try stationAlone(helper: "kill -SEGV $$")
        defer { alone.folder.remove() }
        let result = try await install(with: alone.binary)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("the download helper stopped unexpectedly (signal 11)"))
        #expect(result.models.isEmpty, "left: \(result.models)")
    }

    @Test("what the helper says that is not an event is ignored; ending without a word is a failure")
    func garbledHelper() async throws {
        let alone = try stationAlone(helper: "echo 'not json'; echo '{\"received\":{\"bytes\":10}}'; exit 0")
        defer { alone.folder.remove() }
        let result = try await install(with: alone.binary)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("the download helper stopped unexpectedly (exit status 0)"))
        #expect(result.models.isEmpty, "left: \(result.models)")
    }
}
