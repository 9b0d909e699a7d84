import Foundation

/// Waits for a process held at a `HoldPoint` to say so through its signal file.
public enum HoldSignal {
    public struct Timeout: Error, CustomStringConvertible {
        public var description: String
    }

    /// Waits until the file exists; throws when it does not appear within `seconds`.
    public static func wait(for file: URL, seconds: Double = Patience.seconds) throws {
        do {
            try blockUntil("the hold point", seconds: seconds) { FileManager.default.fileExists(atPath: file.path) }
        } catch {
            throw Timeout(description: "the process never reached its hold point (\(file.lastPathComponent))")
        }
    }
}
