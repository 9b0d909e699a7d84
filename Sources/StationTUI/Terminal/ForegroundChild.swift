import Foundation

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
        guard let pid = spawn(argv, environment: environment) else { return nil }
        if ownsTerminal { tcsetpgrp(terminal, pid) }
        // Waiting blocks: off the main actor, so recordings and the control socket go on meanwhile.
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: wait(for: pid, handingTerminal: ownsTerminal ? terminal : nil))
            }
        }
    }

    /// Waits for the child to end. A child that read the terminal before it was handed over was stopped
    /// (SIGTTIN, SIGTTOU): hand it over again and let it go on.
    private static func wait(for pid: pid_t, handingTerminal terminal: Int32?) -> Int32? {
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WUNTRACED)
            if result < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if status & 0xff == 0x7f {  // stopped
                if let terminal { tcsetpgrp(terminal, pid) }
                kill(-pid, SIGCONT)
                continue
            }
            return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
        }
    }

    /// Starts the child in a new process group with default signal handling (the station ignores
    /// SIGINT, SIGTERM, SIGWINCH and SIGHUP, and an exec would pass that on).
    private static func spawn(_ argv: [String], environment: [String: String]) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], nil, &attributes, &cArgs, &cEnv) == 0 else { return nil }
        return pid
    }
}
