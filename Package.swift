// swift-tools-version:6.0
import PackageDescription

/// Debian packages that provide the C libraries, named for SwiftPM's diagnostics.
let apt = { (name: String) in [SystemPackageProvider.apt([name])] }

/// pocketsphinx.h includes its siblings as <ps_search.h>: every target that imports CPocketSphinx,
/// directly or through an adapter, parses it, so every target gets the directory (see the end).
let pocketsphinxHeaders = CSetting.unsafeFlags(["-I/usr/include/pocketsphinx"])

let package = Package(
    name: "DictationStation",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "dictation-station", targets: ["dictation-station"]),
        .executable(name: "dictation-station-fetch", targets: ["dictation-station-fetch"]),
    ],
    targets: [
        // C libraries, one target each, with a shim for what Swift 6 cannot import. The screen's two
        // (ncursesw, sqlite3) are system-library targets the dynamic loader binds at start.
        .systemLibrary(name: "CNcursesw", pkgConfig: "ncursesw", providers: apt("libncursesw5-dev")),
        .systemLibrary(name: "CSQLite3", pkgConfig: "sqlite3", providers: apt("libsqlite3-dev")),
        // The adapters' libraries are loaded on first use (dlopen), not at every start: each target's
        // <Target>Loader.c, written by scripts/lazy-loader, defines the functions the adapter calls with
        // the real header's prototypes and calls through to the library, and ds_<name>_load(why:) says
        // why it cannot be loaded. Their headers come from the -dev packages (scripts/lib/common.sh).
        .target(name: "CLibPQ"),
        .target(name: "CPulseAudio"),
        .target(name: "CPocketSphinx", cSettings: [pocketsphinxHeaders]),
        .target(name: "CArchive"),
        .target(name: "CCrypto"),
        .target(name: "CSndfile"),
        .target(name: "CSampleRate"),
        // flite 2.2: its CMU lexicon (libflite_cmulex) over libflite.
        .target(name: "CFlite"),
        // gettext is glibc's (libintl); Swift's Glibc module does not export <libintl.h>.
        .systemLibrary(name: "CGettext"),

        // Compiles po/*.po with msgfmt into the resources of the target that uses it (never committed).
        .plugin(name: "CompileCatalogs", capability: .buildTool()),

        // Every text a person reads, in the interface language: `tr("…")` and the catalog behind it.
        .target(name: "Localization"),
        // The catalog behind `tr`: gettext over the compiled po/*.po, chosen from LANGUAGE, LC_ALL, LC_MESSAGES, LANG.
        .target(
            name: "GettextCatalog", dependencies: ["Localization", "StationSystem", "CGettext"],
            plugins: ["CompileCatalogs"]),
        // The feature logic and its ports; imports no C.
        .target(name: "StationCore", dependencies: ["Localization"]),
        // The one POSIX layer under the adapters: descriptors, Errno in words, file locks, private files
        // that never follow links, child processes with a clean signal mask, the login account.
        .target(name: "StationSystem", dependencies: ["Localization"]),

        // Adapters: each wraps exactly one C library behind a core port.
        .target(
            name: "PulseCapture",
            dependencies: ["StationCore", "Localization", "StationSystem", "CPulseAudio", "Recordings"]),
        // Hands sphinxbase's variadic log callback on as formatted text, which Swift can take.
        .target(name: "CSphinxLog", dependencies: ["CPocketSphinx"]),
        .target(
            name: "SphinxSpeech",
            dependencies: [
                "StationCore", "StationSystem", "Localization", "CPocketSphinx", "CSphinxLog", "Recordings",
            ],
            resources: [.copy("Resources/punctuation"), .copy("Resources/withheld")]),
        // Recordings: the station's WAV files written, read and repaired; any recording (WAV, FLAC, Ogg,
        // MP3, any rate) read as the decoder's 16 kHz mono over libsndfile and libsamplerate.
        .target(name: "Recordings", dependencies: ["StationSystem", "Localization", "CSndfile", "CSampleRate"]),
        .target(name: "SQLiteStore", dependencies: ["StationCore", "Localization", "StationSystem", "CSQLite3"]),
        // The clinic store on PostgreSQL (libpq): many accounts, identity and rules enforced by the database.
        .target(name: "PostgresStore", dependencies: ["StationCore", "Localization", "StationSystem", "CLibPQ"]),
        // The local store's claims behind the core's ports: the capture lock, dictation and report-edit
        // claims, import markers, as flock on files in the data directory. A second store brings its own.
        .target(name: "LocalClaims", dependencies: ["StationCore", "StationSystem", "Localization"]),
        // US English pronunciations of new words: flite's CMU lexicon and letter-to-sound rules (libflite).
        .target(name: "LetterToSound", dependencies: ["CFlite", "Localization", "StationSystem"]),
        // Per-author voice profiles: sphinxtrain's tools as child processes, kept only when measured better.
        .target(
            name: "SpeakerAdaptation",
            dependencies: ["StationCore", "StationSystem", "Localization", "SphinxSpeech", "Recordings"]),
        .target(name: "StationTUI", dependencies: ["StationCore", "Localization", "StationSystem", "CNcursesw"]),
        // The control socket: one command line in, one line out, for foot pedals, hotkeys and `ctl`.
        .target(name: "StationControl", dependencies: ["StationCore", "Localization", "StationSystem"]),
        // One declarative option parser for the command line; no dependencies.
        .target(name: "ArgumentParsing", dependencies: ["Localization"]),
        // The model catalog and installer: downloads, sha256 (libcrypto), secure unpacking (libarchive).
        .target(
            name: "SpeechModels",
            dependencies: ["StationCore", "StationSystem", "Localization", "CArchive", "CCrypto"],
            resources: [.copy("Resources/models.json")]),
        // The model downloads over http(s) (URLSession), run by the helper below, so that the station
        // itself never links FoundationNetworking and its thirty-odd libraries.
        // It links libcurl itself: FoundationNetworking's static library (--static-swift-stdlib) does not.
        .target(
            name: "ModelFetching", dependencies: ["SpeechModels", "Localization"],
            linkerSettings: [.linkedLibrary("curl")]),

        // The station as a library tests drive in-process: start-up, background work and shutdown, the
        // adapters wired into the core, the record and recover flows, every subcommand's action.
        .target(
            name: "StationApp",
            dependencies: [
                "StationCore", "PulseCapture", "SphinxSpeech", "SQLiteStore", "StationTUI", "SpeechModels",
                "SpeakerAdaptation", "LetterToSound", "Recordings", "LocalClaims", "StationSystem", "StationControl",
                "ArgumentParsing", "Localization", "PostgresStore",
            ]),
        // The executable only parses the command line and hands over to StationApp.
        .executableTarget(
            name: "dictation-station",
            dependencies: [
                "StationApp", "ArgumentParsing", "StationCore", "StationTUI", "PostgresStore", "Localization",
                "GettextCatalog",
            ]),

        // The download helper the model installer starts for each http(s) download (built beside the station).
        .executableTarget(
            name: "dictation-station-fetch",
            dependencies: ["ModelFetching", "SpeechModels", "Localization", "GettextCatalog"]),

        // A second station process for the store's multi-process tests, and the store's benchmark.
        .executableTarget(name: "store-probe", dependencies: ["StationCore", "SQLiteStore", "LocalClaims"]),
        .executableTarget(name: "store-bench", dependencies: ["StationCore", "SQLiteStore", "PostgresStore"]),
        // scripts/bench-transcribe: accuracy and speed against pocketsphinx_continuous, live against stopped.
        .executableTarget(
            name: "station-bench",
            dependencies: ["StationCore", "SphinxSpeech", "Recordings", "StationSystem", "StationTestSupport"]),

        // scripts/bench-sentences: sentence ends found and false breaks, and spoken commands heard.
        .executableTarget(
            name: "sentence-bench", dependencies: ["StationCore", "SphinxSpeech", "StationTestSupport"]),

        // scripts/bench-recognition: word error rate before and after voice profiles, per TTS voice.
        .executableTarget(
            name: "recognition-bench", dependencies: ["SpeakerAdaptation", "SphinxSpeech", "StationCore"]),

        // Fakes that record their calls in order, and a manual clock.
        .target(name: "StationTestSupport", dependencies: ["StationCore", "StationSystem"]),
        // Test traits (Swift Testing), for test targets only.
        .target(name: "StationTestTraits"),

        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "GettextCatalogTests", dependencies: ["GettextCatalog", "Localization", "StationCore"]),
        .testTarget(name: "StationCoreTests", dependencies: ["StationCore", "StationTestSupport"]),
        .testTarget(name: "StationSystemTests", dependencies: ["StationSystem"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(
            name: "StationControlTests",
            dependencies: ["StationControl", "StationCore", "StationSystem", "StationTestSupport"]),
        .testTarget(
            name: "StationAppTests",
            dependencies: [
                "StationApp", "StationCore", "StationControl", "SQLiteStore", "LocalClaims", "StationSystem",
                "StationTestSupport",
            ]),
        .testTarget(
            name: "PulseCaptureTests",
            dependencies: ["PulseCapture", "Recordings", "StationTestSupport", "StationTestTraits"]),
        .testTarget(name: "SphinxSpeechTests", dependencies: ["SphinxSpeech", "StationTestSupport"]),
        .testTarget(
            name: "RecordingsTests", dependencies: ["Recordings", "StationCore", "StationTestSupport"]),
        .testTarget(name: "LetterToSoundTests", dependencies: ["LetterToSound", "SphinxSpeech"]),
        // The clinic store against the private PostgreSQL server scripts/test starts, and the station on it.
        .testTarget(
            name: "PostgresStoreTests",
            dependencies: [
                "PostgresStore", "StationCore", "StationSystem", "StationTestSupport", "StationApp", "LocalClaims",
                "StationTUI", "SpeakerAdaptation", "SphinxSpeech",
            ]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "LocalClaims", "StationTestSupport"]),
        .testTarget(
            name: "StationTUITests",
            dependencies: [
                "StationTUI", "PulseCapture", "Recordings", "SQLiteStore", "StationTestSupport", "StationTestTraits",
            ]),
        .testTarget(
            name: "StationIntegrationTests",
            dependencies: [
                "StationCore", "PulseCapture", "SphinxSpeech", "SQLiteStore", "SpeechModels", "StationTestSupport",
                "StationTestTraits", "Recordings", "SpeakerAdaptation",
            ]),
        .testTarget(
            name: "SpeakerAdaptationTests",
            dependencies: [
                "SpeakerAdaptation", "SphinxSpeech", "SQLiteStore", "StationCore", "StationTestSupport",
                "Recordings",
            ]),
        .testTarget(name: "SpeechModelsTests", dependencies: ["SpeechModels", "StationTestSupport"]),
        // The faults the station survives, one suite per class: crashes, several processes, hostile input.
        .testTarget(
            name: "FaultToleranceTests",
            dependencies: [
                "StationCore", "PulseCapture", "SphinxSpeech", "SQLiteStore", "StationTUI", "SpeechModels",
                "StationTestSupport", "StationTestTraits", "Recordings", "StationSystem", "StationControl",
            ]),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["StationCore", "SQLiteStore", "LocalClaims", "StationTestSupport", "StationTestTraits"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xcc", "-I/usr/include/pocketsphinx"])]
}
