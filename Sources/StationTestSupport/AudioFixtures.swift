import Foundation
import StationSystem

/// Makes recordings for tests with the Debian tools the test scripts install (`sox`, `lame`), in a
/// private temporary folder.
public enum AudioFixtures {
    /// A new empty folder under the system's temporary directory.
    public static func temporaryDirectory(_ label: String = "audio") throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("dictation-station-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    /// Runs `sox` with `arguments`; throws with its error output when it fails. Always repeatable (`-R`):
    /// sox otherwise seeds its dither and noise generators anew each run, so that a `vol`, a mix or a
    /// synthesized noise gave other samples every run, and a decoding test other words now and then.
    public static func sox(_ arguments: [String]) throws { try run("/usr/bin/sox", ["-R"] + arguments) }

    /// Encodes a WAV file as MP3 with `lame` (Debian's sox cannot write MP3).
    public static func mp3(from wav: URL, to mp3: URL) throws {
        try run("/usr/bin/lame", ["--quiet", "-b", "64", wav.path, mp3.path])
    }

    /// Writes 16-bit mono samples as a WAV file of `rate`, through sox (raw in, WAV out).
    public static func writeWAV(_ samples: [Int16], rate: Int = 16_000, to url: URL) throws {
        let raw = url.deletingPathExtension().appendingPathExtension("raw")
        let bytes = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        try bytes.write(to: raw)
        defer { try? FileManager.default.removeItem(at: raw) }
        try sox(["-t", "raw", "-r", "\(rate)", "-e", "signed", "-b", "16", "-c", "1", raw.path, url.path])
    }

    /// Speaks `text` with a flite voice (`rms`, `slt`, `kal16`, `awb`) into a 16 kHz mono WAV file, with a
    /// quarter second of quiet either side, as `Tests/Fixtures/adaptation/make-corpus` does.
    public static func speak(_ text: String, voice: String = "rms", to url: URL) throws {
        let spoken = url.deletingPathExtension().appendingPathExtension("flite.wav")
        defer { try? FileManager.default.removeItem(at: spoken) }
        try run("/usr/bin/flite", ["-voice", voice, "-t", text, "-o", spoken.path])
        try sox([spoken.path, "-r", "16000", "-c", "1", "-b", "16", url.path, "pad", "0.25", "0.25"])
    }

    public struct ToolFailed: Error, CustomStringConvertible {
        public var description: String
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        var spawn = Spawn(tool, arguments)
        spawn.errors = .capture
        let finished = try spawn.run()
        guard finished.termination == .exited(0) else {
            throw ToolFailed(description: "\(tool) \(arguments.joined(separator: " ")): \(finished.errorText)")
        }
    }
}
