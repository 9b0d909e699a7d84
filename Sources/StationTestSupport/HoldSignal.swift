import Foundation

/// Waits for a process held at a `HoldPoint` to say so through its signal file.
public enum HoldSignal {
    public struct Timeout: Error, CustomStringConvertible {
        public var description: String
    }

    /// Polls for the file (up to `seconds`), then returns; throws when it never appears.
    public static func wait(for file: URL, seconds: Double = 20) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: file.path) { return }
            usleep(20_000)
        }
        throw Timeout(description: "the process never reached its hold point (\(file.lastPathComponent))")
    }
}
