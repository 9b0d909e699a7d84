import Foundation
import StationSystem

/// Runs an interactive program on our terminal the way shells, mutt and tig do: in a process group of
/// its own that is the terminal's foreground group while it runs, so its reads and mode changes work;
/// then the terminal comes back to us. (Foundation's `Process` leaves the child in a background group,
/// where `vi` reads nothing and ends with "Vim: Finished.")
enum ForegroundChild {
    /// Runs `argv` and returns its exit status, or nil when it could not start or was killed.
    static func run(_ argv: [String], environment: [String: String]) async -> Int32? {
        let terminal = STDIN_FILENO
        let ours = getpgrp()
        let ownsTerminal = isatty(terminal) == 1 && tcgetpgrp(terminal) == ours
        // A background group may not hand the terminal over without this (tcsetpgrp raises SIGTTOU).
        let previousTTOU = signal(SIGTTOU, SIG_IGN)
        defer {
            if ownsTerminal { tcsetpgrp(terminal, ours) }
            signal(SIGTTOU, previousTTOU)
        }
        // Default signal handling and an empty mask (the station ignores SIGINT, SIGTERM, SIGWINCH and
        // SIGHUP, and an exec would pass that on): Spawn gives every child both.
        var spawn = Spawn(argv[0], Array(argv.dropFirst()))
        spawn.environment = environment
        spawn.input = .inherit
        spawn.output = .inherit
        spawn.errors = .inherit
        spawn.ownProcessGroup = true
        guard let child = try? spawn.start() else { return nil }
        if ownsTerminal { tcsetpgrp(terminal, child.id) }
        // Waiting blocks: off the main actor, so recordings and the control socket go on meanwhile.
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: wait(for: child, handingTerminal: ownsTerminal ? terminal : nil))
            }
        }
    }

    /// Waits for the child to end. A child that read the terminal before it was handed over was stopped
    /// (SIGTTIN, SIGTTOU): hand it over again and let it go on.
    private static func wait(for child: ChildProcess, handingTerminal terminal: Int32?) -> Int32? {
        let ended = child.waitReportingStops {
            if let terminal { tcsetpgrp(terminal, child.id) }
            child.signal(SIGCONT)
        }
        guard case .exited(let status) = ended else { return nil }
        return status
    }
}
