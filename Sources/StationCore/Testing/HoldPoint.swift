import Foundation

/// Named moments at which a test can hold the process, to kill it at exactly that moment (a crash
/// test must never depend on guessing a timing).
///
/// When `DICTATION_STATION_HOLD_AT` lists a point's name (comma-separated), reaching it writes the name
/// to the file `DICTATION_STATION_HOLD_SIGNAL` and blocks the calling thread for good. Without those
/// variables (every real use) reaching a point does nothing.
public enum HoldPoint {
    private static let held: Set<String> = {
        let names = ProcessInfo.processInfo.environment["DICTATION_STATION_HOLD_AT"] ?? ""
        return Set(names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }()

    /// Holds the calling thread here for good when a test asked for `name`; otherwise returns at once.
    public static func reach(_ name: String) {
        guard held.contains(name) else { return }
        if let signal = ProcessInfo.processInfo.environment["DICTATION_STATION_HOLD_SIGNAL"] {
            _ = FileManager.default.createFile(atPath: signal, contents: Data((name + "\n").utf8))
        }
        // Blocks without sleeping or spinning: a read from a pipe whose writing end stays open here and
        // is never written never returns; the test kills the process.
        let neverWritten = Pipe()
        _ = neverWritten.fileHandleForReading.readDataToEndOfFile()
        withExtendedLifetime(neverWritten) {}
    }
}
