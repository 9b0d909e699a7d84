import Foundation
import StationTestSupport
import Testing

/// The adapters' C libraries are loaded when first used (dlopen), not by the dynamic loader at every
/// start: the first frame needs only ncursesw and sqlite3. A library that cannot be loaded is said in
/// the words of what needed it, and the rest of the station works without it.
@Suite("Libraries loaded on first use", .serialized)
struct LazyLibrariesTests {
    /// The adapters' libraries, as the dynamic loader names them (NEEDED entries read `[libpq.so.5]`).
    static let loadedOnFirstUse = [
        "libpq.so", "libpulse.so", "libpocketsphinx.so", "libsphinxbase.so", "libsphinxad.so", "libarchive.so",
        "libcrypto.so", "libflite.so", "libflite_cmulex.so", "libsndfile.so", "libsamplerate.so",
    ]

    @Test("the station names none of the adapters' libraries as needed; the screen's two it does")
    func notNeededAtStart() throws {
        let needed = try DownloadHelperTests.neededLibraries(PackagePaths.binary)
        #expect(needed.contains { $0.contains("[libncursesw.so") }, "the list was read: \(needed)")
        #expect(needed.contains { $0.contains("[libsqlite3.so") })
        for library in Self.loadedOnFirstUse {
            #expect(!needed.contains { $0.contains("[\(library)") }, "\(library) is loaded at every start")
        }
    }

    /// Whether this process may make a mount namespace of its own (root, or a user namespace allowed).
    static let canHideLibraries: Bool = {
        (try? runProgram("/usr/bin/unshare", ["--mount", "/bin/true"]))?.status == 0
    }()

    /// Runs the station with `soname`'s file hidden behind an empty one, in a mount namespace of its
    /// own: for the station the library is there but broken, as a half-removed package leaves it.
    static func runWithout(_ soname: String, _ arguments: [String]) throws -> StationBinary.Outcome {
        let empty = try TemporaryFolder("no-library").url.appendingPathComponent("empty")
        try Data().write(to: empty)
        let script = """
            real=$(/sbin/ldconfig -p | awk '$1 == "\(soname)" { print $NF; exit }')
            [ -n "$real" ] || { echo "\(soname) is not installed" >&2; exit 99; }
            mount --bind "\(empty.path)" "$(readlink -f "$real")" && exec "$@"
            """
        return try StationBinary.run(
            arguments,
            wrapper: ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh"])
    }

    @Test(
        "without libpq the local station lists its reports and the clinic store says what is missing",
        .enabled(if: canHideLibraries, "unshare --mount is not allowed here"))
    func withoutLibPQ() throws {
        let data = try TemporaryFolder("lazy-pq").url.appendingPathComponent("data").path
        let local = try StationBinary.run(["--data-dir", data, "reports"])
        try #require(local.status == 0, "\(local.standardError)")

        let alone = try Self.runWithout("libpq.so.5", ["--data-dir", data, "reports"])
        #expect(alone.status == 0, "the local station needs no libpq: \(alone.standardError)")
        #expect(alone.standardOutput == local.standardOutput)

        let clinic = try Self.runWithout(
            "libpq.so.5", ["--data-dir", data, "--store", "host=/nonexistent dbname=clinic", "reports"])
        #expect(clinic.status == 1)
        #expect(
            clinic.standardError.contains(
                "The clinic store needs PostgreSQL's client library (package libpq5), which could not be loaded:"),
            "\(clinic.standardError)")
        #expect(clinic.standardError.contains("libpq.so.5"), "the loader's reason is given")
        #expect(!clinic.standardError.contains("Fatal error"), "\(clinic.standardError)")
    }

    @Test(
        "without libpocketsphinx a transcription says what is missing instead of crashing",
        .enabled(if: canHideLibraries, "unshare --mount is not allowed here"))
    func withoutPocketSphinx() throws {
        let folder = try AudioFixtures.temporaryDirectory("lazy-sphinx")
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("quiet.wav")
        try AudioFixtures.writeWAV([Int16](repeating: 0, count: 16_000), to: audio)
        let data = folder.appendingPathComponent("data").path
        let run = try Self.runWithout("libpocketsphinx.so.3", ["--data-dir", data, "transcribe", audio.path])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "Speech recognition needs PocketSphinx (package libpocketsphinx3), which could not be loaded:"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("crashed"), "\(run.standardError)")
        #expect(!run.standardError.contains("reinstall"), "the model is not what is broken: \(run.standardError)")
    }

    @Test(
        "without libsndfile a recording is not read, and the reason names the package",
        .enabled(if: canHideLibraries, "unshare --mount is not allowed here"))
    func withoutSndfile() throws {
        let folder = try AudioFixtures.temporaryDirectory("lazy-sndfile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("quiet.wav")
        try AudioFixtures.writeWAV([Int16](repeating: 0, count: 16_000), to: audio)
        let data = folder.appendingPathComponent("data").path
        let run = try Self.runWithout("libsndfile.so.1", ["--data-dir", data, "transcribe", audio.path])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "reading recordings needs libsndfile and libsamplerate (packages libsndfile1 and libsamplerate0), which could not be loaded:"
            ), "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: audio.path), "the recording is left as it was")
    }

    @Test(
        "without flite a new word asks for its pronunciation, in one sentence",
        .enabled(if: canHideLibraries, "unshare --mount is not allowed here"))
    func withoutFlite() throws {
        let data = try TemporaryFolder("lazy-flite").url.appendingPathComponent("data").path
        let run = try Self.runWithout("libflite.so.1", ["--data-dir", data, "vocabulary", "add", "metoprolol"])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "metoprolol: pronunciations of new words need flite (package libflite1), which could not be loaded:"),
            "\(run.standardError)")
        #expect(
            run.standardError.contains("ask the administrator to install flite. For example: vocabulary add WORD"),
            "\(run.standardError)")
        #expect(!run.standardError.contains(".."), "\(run.standardError)")
        let given = try Self.runWithout(
            "libflite.so.1", ["--data-dir", data, "vocabulary", "add", "metoprolol", "M EH T AH P R OW L AA L"])
        #expect(given.status == 0, "a word given with its pronunciation needs no flite: \(given.standardError)")
    }

    @Test(
        "without libarchive an install says what is missing and leaves nothing in the models folder",
        .enabled(if: canHideLibraries, "unshare --mount is not allowed here"))
    func withoutLibArchive() throws {
        let folder = try AudioFixtures.temporaryDirectory("lazy-archive")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A catalog without checksums, so that the install reaches the unpacking.
        let catalog = folder.appendingPathComponent("catalog.json")
        try Data(
            """
            {"version": 1, "locales": [{"locale": "de-DE", "displayName": "Deutsch",
              "acousticModel": {"url": "http://127.0.0.1:9/am.tar.gz", "path": "am"},
              "languageModel": {"url": "http://127.0.0.1:9/x.lm"}, "dictionary": {"url": "http://127.0.0.1:9/x.dic"}}]}
            """.utf8
        ).write(to: catalog)
        let archive = folder.appendingPathComponent("am.tar.gz")
        let made = try runProgram("/bin/tar", ["-czf", archive.path, "-C", folder.path, "catalog.json"])
        try #require(made.status == 0)
        try Data("x\n".utf8).write(to: folder.appendingPathComponent("x.lm"))
        try Data("a AH\n".utf8).write(to: folder.appendingPathComponent("x.dic"))
        let data = folder.appendingPathComponent("data")
        let run = try Self.runWithout(
            "libarchive.so.13",
            [
                "--data-dir", data.path, "--catalog", catalog.path, "models", "install", "de-DE", "--from",
                archive.path, folder.appendingPathComponent("x.lm").path, folder.appendingPathComponent("x.dic").path,
            ])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "the installer needs libarchive (package libarchive13), which could not be loaded:"),
            "\(run.standardError)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("models").path))
        #expect(left ?? [] == [], "nothing is left behind: \(left ?? [])")
    }
}
