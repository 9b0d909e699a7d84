import Foundation
import StationTestSupport
import StationTestTraits
import Testing

/// `record` and `sources`, driven through the real binary against the test server (scripts/test).
@Suite("record and sources subcommands", .serialized, .audioServer)
struct RecordCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/dictation-station")

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the binary to its end, or starts it when `wait` is false.
    @discardableResult
    static func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
        let (process, output, errors) = try launch(arguments, environment: environment)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        await waitForExit(process)
        return Run(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    static func tool(_ path: String, _ arguments: [String]) throws -> String {
        try runProgram(path, arguments).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The WAV header's declared audio bytes and the bytes actually after the header.
    static func declaredAndPresent(_ file: URL) throws -> (declared: Int, present: Int) {
        let bytes = [UInt8](try Data(contentsOf: file))
        let declared = Int(bytes[40]) | Int(bytes[41]) << 8 | Int(bytes[42]) << 16 | Int(bytes[43]) << 24
        return (declared, bytes.count - 44)
    }

    func dataDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ds-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func withSineSource<T>(_ body: (String) async throws -> T) async throws -> T {
        let name = "ds_cli_sine_\(UInt32.random(in: 0...UInt32.max))"
        let module = try Self.tool(
            "/usr/bin/pactl", ["load-module", "module-sine-source", "source_name=\(name)", "rate=16000"])
        try #require(!module.isEmpty, "no PulseAudio server is reachable; run scripts/test")
        defer { _ = try? Self.tool("/usr/bin/pactl", ["unload-module", module]) }
        return try await body(name)
    }

    @Test("record --duration writes a WAV file of that length")
    func recordsForTheDuration() async throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("test.wav")
        try await withSineSource { source in
            let run = try await Self.run(
                ["--data-dir", data.path, "record", "--source", source, "--duration", "1.5", file.path])
            #expect(run.status == 0, "\(run.errors)")
        }
        let seconds = Double(try Self.tool("/usr/bin/soxi", ["-D", file.path])) ?? 0
        #expect(abs(seconds - 1.5) < 0.05, "\(seconds) s")
        #expect(try Self.tool("/usr/bin/soxi", ["-r", file.path]) == "16000")
        #expect(try Self.tool("/usr/bin/soxi", ["-c", file.path]) == "1")
    }

    @Test("Ctrl-C finishes the WAV file properly")
    func interruptFinishesTheFile() async throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("interrupted.wav")
        try await withSineSource { source in
            let (process, _, errors) = try Self.launch([
                "--data-dir", data.path, "record", "--source", source, file.path,
            ])
            // Interrupted once it records (audio in the file, so Ctrl-C is its own) and a second later:
            // the recording's length is its clock's (a sine source delivers ahead, the excess is cut).
            try await RecordedAudio.waitForAtLeast(0.01, in: file)
            try await Task.sleep(for: .seconds(1))  // the subject: a recording of a second
            process.interrupt()
            _ = errors.fileHandleForReading.readDataToEndOfFile()
            await waitForExit(process)
            #expect(process.terminationStatus == 0)
        }
        let (declared, present) = try Self.declaredAndPresent(file)
        #expect(declared == present && present > 16_000, "declared \(declared), present \(present)")
    }

    @Test("a recording killed with -9 is repaired and continued by record --append")
    func killedRecordingIsRepaired() async throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let audio = data.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        let file = audio.appendingPathComponent("dictation.wav")
        try await withSineSource { source in
            let (process, _, _) = try Self.launch(["--data-dir", data.path, "record", "--source", source, file.path])
            // Killed once two seconds are in the file: the header was due for an update after each.
            try await RecordedAudio.waitForAtLeast(2, in: file)
            kill(process.processIdentifier, SIGKILL)
            await waitForExit(process)
            let (declared, present) = try Self.declaredAndPresent(file)
            #expect(declared <= present && declared > 0, "the header held up to its last update")

            let run = try await Self.run(
                ["--data-dir", data.path, "record", "--append", "--source", source, "--duration", "1", file.path])
            #expect(run.status == 0, "\(run.errors)")
            let (after, afterPresent) = try Self.declaredAndPresent(file)
            #expect(after == afterPresent, "the header fits the data")
            #expect(abs(after - present - 32_000) <= 1_600, "the killed part kept and one more second appended")
        }
        #expect((try? Self.tool("/usr/bin/soxi", ["-D", file.path])).flatMap(Double.init) != nil, "sox reads it")
    }

    @Test("record leaves alone a recording an import is still copying (its marker beside it)")
    func importBeingCopiedIsLeftAlone() async throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let audio = data.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        // An import's copy halfway: the header already counts the whole original, half of it is there.
        let copying = audio.appendingPathComponent("copying.wav")
        let stale = audio.appendingPathComponent("stale.wav")
        for file in [copying, stale] {
            try Self.wav(declaring: 64_000, holding: 32_000).write(to: file)
        }
        try Data("{}".utf8).write(to: audio.appendingPathComponent("copying.wav.importing"))
        try await withSineSource { source in
            let run = try await Self.run([
                "--data-dir", data.path, "record", "--source", source, "--duration", "0.3",
                data.appendingPathComponent("new.wav").path,
            ])
            #expect(run.status == 0, "\(run.errors)")
        }
        #expect(try Self.declaredAndPresent(copying) == (64_000, 32_000), "the import's copy is untouched")
        #expect(try Self.declaredAndPresent(stale) == (32_000, 32_000), "a file without a marker is repaired")
    }

    /// A 16 kHz mono 16-bit WAV whose header declares `declared` audio bytes over `present` bytes of silence.
    static func wav(declaring declared: Int, holding present: Int) -> Data {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) } }
        var bytes = Array("RIFF".utf8) + le32(36 + declared) + Array("WAVEfmt ".utf8)
        bytes += le32(16) + [1, 0, 1, 0] + le32(16_000) + le32(32_000) + [2, 0, 16, 0]
        bytes += Array("data".utf8) + le32(declared)
        return Data(bytes + [UInt8](repeating: 0, count: present))
    }

    @Test("record refuses to overwrite an existing file")
    func refusesToOverwrite() async throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("kept.wav")
        try Data("precious".utf8).write(to: file)
        let run = try await Self.run(["--data-dir", data.path, "record", "--duration", "1", file.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("--append"))
        #expect(try Data(contentsOf: file) == Data("precious".utf8))
    }

    @Test("record --append on a WAV file of another format says so and what to do, not to free disk space")
    func appendToAnotherFormat() async throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("cd-quality.wav")
        try AudioFixtures.sox(["-n", "-r", "44100", "-c", "2", "-b", "16", file.path, "trim", "0", "0.5"])
        let before = try Data(contentsOf: file)
        try await withSineSource { source in
            let run = try await Self.run(
                ["--data-dir", data.path, "record", "--append", "--source", source, "--duration", "1", file.path])
            #expect(run.status == 1)
            #expect(
                run.errors
                    == "dictation-station: That file is not a station recording (16 kHz mono WAV), so it cannot be "
                    + "continued.\nRecord into a new file instead; the file was left as it is.\n", "\(run.errors)")
            #expect(!run.errors.contains("disk space"))
        }
        #expect(try Data(contentsOf: file) == before, "the file was left as it is")
    }

    @Test("a bad source name fails with the sources there are")
    func badSource() async throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try await Self.run(
            ["--data-dir", data.path, "record", "--source", "no_such_mic", data.appendingPathComponent("x.wav").path])
        #expect(run.status == 1)
        #expect(run.errors.contains("There is no capture source named \"no_such_mic\""), "\(run.errors)")
        #expect(run.errors.contains("Choose one of:"), "\(run.errors)")
    }

    @Test("an unreachable server fails with how to fix it")
    func unreachableServer() async throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["PULSE_SERVER": "unix:/nonexistent/native"]
        let run = try await Self.run(
            ["--data-dir", data.path, "record", data.appendingPathComponent("x.wav").path], environment: environment)
        #expect(run.status == 1)
        #expect(run.errors.contains("No audio server is reachable"), "\(run.errors)")
        #expect(run.errors.contains("Start PulseAudio or PipeWire, or set PULSE_SERVER"), "\(run.errors)")
        let sources = try await Self.run(["sources"], environment: environment)
        #expect(sources.status == 1)
        #expect(sources.errors.contains("No audio server is reachable"))
    }

    @Test("a server that refuses access fails with what to check")
    func accessDenied() async throws {
        // Over TCP with a cookie the client does not have (a unix socket lets the same user in anyway).
        let directory = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = Int.random(in: 20_000..<40_000)
        let environment = [
            "PULSE_RUNTIME_PATH": directory.appendingPathComponent("runtime").path,
            "PULSE_STATE_PATH": directory.appendingPathComponent("state").path,
        ]
        let started = try Self.tool(
            "/usr/bin/env",
            environment.map { "\($0.key)=\($0.value)" } + [
                "/usr/bin/pulseaudio", "--daemonize=yes", "--use-pid-file=yes", "--exit-idle-time=-1", "-n",
                "--log-target=file:\(directory.path)/pulse.log",
                "--load=module-native-protocol-tcp port=\(port) listen=127.0.0.1 auth-anonymous=0 "
                    + "auth-cookie=\(directory.path)/server-cookie auth-cookie-enabled=1",
            ])
        _ = started
        defer {
            let pidFile = directory.appendingPathComponent("runtime/pid")
            if let pid = try? String(contentsOf: pidFile, encoding: .utf8),
                let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                kill(number, SIGKILL)
            }
        }
        let server = ["PULSE_SERVER": "tcp:127.0.0.1:\(port)"]
        // The daemon listens a moment after it forks: ask until it answers.
        try? await waitUntil("the server on port \(port) to answer") {
            !(try StationBinary.run(["sources"], environment: server).standardError.contains(
                "No audio server is reachable"))
        }
        let run = try await Self.run(["sources"], environment: server)
        #expect(run.status == 1)
        #expect(run.errors.contains("The audio server refused access"), "\(run.errors)")
        let record = try await Self.run(
            [
                "--data-dir", directory.path, "record", "--duration", "1",
                directory.appendingPathComponent("x.wav").path,
            ],
            environment: server)
        #expect(record.status == 1)
        #expect(record.errors.contains("Check the audio server's access rules"), "\(record.errors)")
    }

    @Test("sources lists name and description, the default starred")
    func listsSources() async throws {
        try await withSineSource { source in
            let run = try await Self.run(["sources"])
            #expect(run.status == 0)
            let lines = run.output.split(separator: "\n").map {
                $0.split(separator: "\t", omittingEmptySubsequences: false)
            }
            #expect(lines.contains { $0.count == 3 && $0[1] == source })
            #expect(lines.filter { $0.first == "*" }.count == 1)
        }
    }
}
