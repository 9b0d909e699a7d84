import Foundation
import LocalClaims
import SQLiteStore
import StationApp
import StationCore
import StationTestSupport
import Testing

/// The line mode in-process, on a real SQLite file and the real start-up, with fakes for capture and
/// decoding and a manual clock: what it says to each command, and that it takes the desk's rules.
@Suite("StationApp: the line mode's sentences and commands", .serialized)
@MainActor
final class LineModeTests {
    let folder: URL
    let clock = ManualClock()
    let transcriber = FakeTranscriber()
    let input: AsyncStream<String>.Continuation
    let lines: AsyncStream<String>
    /// What it said, in order.
    var said: [String] = []
    var running: RunningLines?
    var finished = false

    init() throws {
        folder = URL(fileURLWithPath: "/tmp/ds-lines-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
        (lines, input) = AsyncStream.makeStream(of: String.self)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var paths: StationPaths { StationPaths(dataDirectory: folder.appendingPathComponent("data")) }

    /// Starts the line mode on a fresh station as `--lines` would, with its input in `input`.
    func start() async throws {
        try paths.createDirectories(for: .current)
        let database = try await StationDatabase.open(paths)
        let ports = StationPorts(
            makeCapture: { FakeCapture() }, captureLock: FileCaptureLock(paths: paths),
            ownership: FileDictationOwnership(paths: paths), editLocks: RecordingEditLocks(),
            transcriber: transcriber, database: database, installer: FakeModelInstaller(options: []),
            sources: nil, player: nil, modelWaits: AsyncStream { $0.finish() }, preload: { _ in })
        let running = await StationStartup.openForLines(
            StationStartup.Context(
                ports: ports, paths: paths, environment: ["XDG_RUNTIME_DIR": folder.path], clock: clock,
                log: SilentLog(), author: "alice"))
        self.running = running
        let mode = LineMode(running: running, lines: lines, clock: clock) { [weak self] in
            self?.said.append($0)
        }
        Task {
            await mode.run()
            finished = true
        }
    }

    /// Types `line`, then waits until a sentence containing `expected` is said after it; that sentence.
    @discardableResult
    func type(_ line: String, expecting expected: String) async throws -> String {
        let before = said.count
        input.yield(line)
        try await waitUntil("\"\(expected)\" after \(line)", detail: { said.joined(separator: "\n") }) {
            said[before...].contains { $0.contains(expected) }
        }
        return said[before...].first { $0.contains(expected) } ?? ""
    }

    func close() async throws {
        input.finish()
        try await waitUntil("the line mode to end") { finished }
        await running?.shutDown()
    }

    @Test("a dictation from record to a signed report, each event one sentence, times in full units")
    func wholeDictation() async throws {
        try await start()
        try await waitUntil("the greeting") { said.contains { $0.contains("Type help") } }
        try await type("new Room 12", expecting: "New session Room 12, selected.")
        try await type("record", expecting: "Recording Room 12.")
        clock.advance(by: .seconds(72))
        try await type("pause", expecting: "Paused Room 12 at 1 minute 12 seconds.")
        transcriber.answer("the patient reports pain in the left knee")
        try await type("send", expecting: "Sending Room 12 (1 minute 12 seconds) to be transcribed.")
        try await waitUntil("the report", detail: { said.joined(separator: "\n") }) {
            said.contains("Report 1 ready: the patient reports pain in the left knee")
        }
        #expect(!said.contains("Report ready for Room 12."), "said once, in the fuller words")
        #expect(!said.contains { $0.contains("01:12") }, "no timer digits in a sentence")

        // Signing attests a reading: not before `read`, then only after y.
        try await type("sign 1", expecting: "Read report 1 before signing it")
        try await type("read 1", expecting: "End of report 1.")
        #expect(said.contains("the patient reports pain in the left knee"))
        try await type("sign 1", expecting: "Sign report 1 as alice?")
        try await type("n", expecting: "Report 1 is not signed.")
        try await type("sign 1", expecting: "Sign report 1 as alice?")
        try await type("y", expecting: "Signed report 1 as alice.")
        try await type("reports", expecting: "Report 1, signed")
        try await close()
    }

    @Test("discard and quit ask first; only y acts; an unknown word says where the commands are")
    func questions() async throws {
        try await start()
        try await type("frobnicate", expecting: "There is no command \"frobnicate\": help lists the commands.")
        try await type("discard", expecting: "No session is selected.")
        try await type("record", expecting: "Recording Dictation.")
        try await type("discard", expecting: "pause the recording first")
        try await type("pause", expecting: "Paused Dictation at 0 seconds.")
        try await type("discard", expecting: "Discard the dictation of Dictation (0 seconds)?")
        try await type("no", expecting: "The dictation of Dictation is kept.")
        try await type("quit", expecting: "Dictation (paused at 0 seconds) holds audio not sent yet.")
        try await type("n", expecting: "The station stays open.")
        try await type("discard", expecting: "Discard the dictation of Dictation")
        try await type("y", expecting: "Discarded the dictation of Dictation (0 seconds); its audio is deleted.")
        input.yield("quit")
        try await waitUntil("the line mode to end at quit", detail: { said.joined(separator: "\n") }) { finished }
        #expect(said.last == "The station is closed.")
        await running?.shutDown()
    }
}
