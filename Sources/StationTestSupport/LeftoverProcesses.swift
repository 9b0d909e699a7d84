import Foundation

/// Processes that name a test's folder in their command line and outlive the test: a voice profile
/// training the station starts after a correction runs on after the station quits, and made the
/// folder again after the test removed it.
enum LeftoverProcesses {
    /// The processes (other than this one) with an argument that contains `path`; read from /proc, so
    /// no tool is needed. A process that ends meanwhile is simply not listed.
    static func mentioning(_ path: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard pid != getpid(), let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
                return false
            }
            return line.split(separator: 0).contains { String(decoding: $0, as: UTF8.self).contains(path) }
        }
    }

    /// Kills every process that names `path`, and waits (up to 5 s) until none is left.
    static func stop(mentioning path: String) {
        for attempt in 0..<100 {
            let left = mentioning(path)
            if left.isEmpty { return }
            if attempt % 10 == 0 { for pid in left { kill(pid, SIGKILL) } }
            usleep(50_000)
        }
    }
}
