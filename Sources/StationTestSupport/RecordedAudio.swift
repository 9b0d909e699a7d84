import Foundation

/// The audio a capture has written so far, for tests that must know what they played has arrived.
///
/// Speech played into the test server's sink reaches the recording's file only after the server's and
/// the capture's buffers, later still on a busy machine. So a test waits until the file has grown by a
/// stretch of audio after the player ended, in recorded audio rather than in wall-clock time: the
/// speech's end is then in the file, followed by that much of what came after (a pause, as a person
/// makes one). A source that renders ahead (module-sine-source) fills the file faster than time
/// passes, and a pause or a stop cuts what is ahead of the clock: its file size is no measure of time.
public enum RecordedAudio {
    /// 16 kHz mono, 16 bits: the station's recordings.
    static let bytesPerSecond = 32_000

    /// The size of `file` in bytes now (0 while it does not exist).
    public static func bytes(in file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Waits until `file` holds `seconds` of audio more than it does now.
    public static func waitForMore(
        isolation: isolated (any Actor)? = #isolation, _ seconds: Double, in file: URL,
        patience: Double = Patience.seconds
    ) async throws {
        let target = bytes(in: file) + Int(seconds * Double(bytesPerSecond))
        try await waitUntil(
            "\(seconds) s more audio in \(file.lastPathComponent)", seconds: patience,
            detail: { "it holds \(bytes(in: file)) bytes, not \(target)" }
        ) { bytes(in: file) >= target }
    }

    /// Waits until `file` holds at least `seconds` of audio after its 44-byte header.
    public static func waitForAtLeast(
        isolation: isolated (any Actor)? = #isolation, _ seconds: Double, in file: URL,
        patience: Double = Patience.seconds
    ) async throws {
        let target = 44 + Int(seconds * Double(bytesPerSecond))
        try await waitUntil(
            "\(seconds) s of audio in \(file.lastPathComponent)", seconds: patience,
            detail: { "it holds \(bytes(in: file)) bytes, not \(target)" }
        ) { bytes(in: file) >= target }
    }
}
