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

    static let canHideLibraries = HiddenLibrary.canHide

    /// Runs the station with `soname`'s file hidden behind an empty one, in a mount namespace of its
    /// own: for the station the library is there but broken, as a half-removed package leaves it.
    static func runWithout(_ soname: String, _ arguments: [String]) throws -> StationBinary.Outcome {
        try StationBinary.run(
            arguments,
            wrapper: HiddenLibrary.wrapper(hiding: soname, emptyFileIn: TemporaryFolder("no-library").url))
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
        "without libpulse recording and listing the sources say what is missing instead of ending the process",
        .enabled(if: canHideLibraries, "unshare --mount is not allowed here"))
    func withoutLibPulse() throws {
        let folder = try AudioFixtures.temporaryDirectory("lazy-pulse")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data").path
        let file = folder.appendingPathComponent("dictation.wav")
        let missing = "Recording needs the PulseAudio client library (package libpulse0), which could not be loaded."
        let record = try Self.runWithout(
            "libpulse.so.0", ["--data-dir", data, "record", "--duration", "1", file.path])
        #expect(record.status == 1, "\(record.standardError)")
        #expect(record.standardError.contains(missing), "\(record.standardError)")
        #expect(record.standardError.contains("libpulse.so.0"), "the loader's reason is given")
        #expect(record.standardError.contains("Ask the administrator to install it"), "\(record.standardError)")
        #expect(
            !record.standardError.contains("is needed but could not be loaded"), "no abort: \(record.standardError)")
        #expect(!FileManager.default.fileExists(atPath: file.path), "no recording was begun")

        let sources = try Self.runWithout("libpulse.so.0", ["--data-dir", data, "sources"])
        #expect(sources.status == 1, "\(sources.standardError)")
        #expect(sources.standardError.contains(missing), "\(sources.standardError)")
    }

    @Test(
        "without libpulse the screen says so at Space and at F6, and goes on running",
        .enabled(if: canHideLibraries, "unshare --mount is not allowed here"))
    func screenWithoutLibPulse() throws {
        let station = try StationInTmux("lazy-pulse-screen")
        let tmux = try station.start(
            wrapper: HiddenLibrary.wrapper(hiding: "libpulse.so.0", emptyFileIn: station.directory))
        defer { tmux.shutDown() }
        try tmux.createSession("Bed 1")
        let missing = "Recording needs the PulseAudio client library"
        try tmux.send("Space", thenWaitFor: missing)
        // F6 lists the sources: the library is missing, not the server.
        let notice = "✖  " + missing
        let screen = try tmux.send("F6", thenWaitFor: "a second notice of the missing library") {
            $0.components(separatedBy: notice).count == 3
        }
        #expect(!screen.contains("Is the audio server running?"), "\(screen)")
        #expect(!screen.contains("RECORDING"))
        try tmux.send("F10")
        #expect(try tmux.waitForExit() == 0, "the station was not ended by the loader")
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
