#if canImport(Glibc)
    import Glibc
#endif

/// How a child process is started: the one place the station calls `posix_spawn`.
///
/// Every child starts with an empty signal mask and every signal at its default action
/// (POSIX_SPAWN_SETSIGMASK, POSIX_SPAWN_SETSIGDEF). The threads of a Swift process block most signals and
/// the station ignores some, and an exec would hand both on: a training tool would then never hear the
/// SIGTERM of its deadline, nor an editor the terminal's Ctrl-C. Nor does a child inherit any descriptor
/// but its standard input, output and error: a pipe another part of the process left open would keep
/// that pipe's reader waiting for as long as the child (a background training) runs.
///
/// A child can be made to die with this process (`diesWithParent`): a training tool must not run on,
/// unwatched and outside the training lock, after a `kill -9` of the training that started it.
public struct Spawn: Sendable {
    public enum Input: Sendable {
        /// `/dev/null`: the child reads nothing.
        case null
        /// This process's standard input (an editor on the terminal).
        case inherit
        /// A channel this process writes: `ChildProcess.input`, or `run(input:)`. A local socket rather
        /// than a pipe, so writing to a child that has gone fails (EPIPE) instead of raising SIGPIPE here.
        case pipe
    }

    public enum Output: Sendable {
        /// `/dev/null`: nothing reaches a terminal (a tool's output can quote dictations).
        case null
        /// This process's own (standard output, or standard error).
        case inherit
        /// A pipe this process reads: `ChildProcess.output` or `errors`, or what `run` returns.
        case capture
        /// A private file (0600, never a link), emptied first.
        case file(String)
        /// For standard error: wherever standard output goes (`2>&1`).
        case standardOutput
    }

    /// The program's path (no `PATH` search).
    public var program: String
    public var arguments: [String]
    /// The child's environment; nil for this process's.
    public var environment: [String: String]?
    /// The child's working directory; nil for this process's.
    public var directory: String?
    public var input: Input = .null
    public var output: Output = .null
    public var errors: Output = .null
    /// In a process group of its own (its id the child's): a terminal's Ctrl-C and a signal to this
    /// process's group do not reach it, and it can be made the terminal's foreground group.
    public var ownProcessGroup = false
    /// Files the child creates are private (umask 077). posix_spawn cannot set a child's umask, so such a
    /// child starts as `/bin/sh -c 'umask 077 && exec "$0" "$@"'`, which then becomes the program.
    public var privateFiles = false
    /// The child gets SIGKILL when this process ends, however it ends (`kill -9` too): it starts through
    /// util-linux's `setpriv --pdeathsig KILL` (posix_spawn cannot set `PR_SET_PDEATHSIG`), from a thread
    /// that lasts as long as the process, since the kernel ties that signal to the starting thread.
    /// Only a child that exists for this process's sake: never one that must outlive it.
    public var diesWithParent = false

    /// Descriptors the child gets open, as 3, 4, … in this order (every other one is closed): a lock
    /// handed over to it (an `flock` belongs to the open file, so the child holds it from its start).
    public var passedDescriptors: [FileDescriptor] = []

    /// Where util-linux's `setpriv` is (Debian's util-linux is essential: always installed).
    public static let setpriv = "/usr/bin/setpriv"

    public init(_ program: String, _ arguments: [String] = []) {
        self.program = program
        self.arguments = arguments
    }

    /// Starts the child. The corresponding C function is `posix_spawn`.
    public func start() throws(Errno) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var ends = Ends()
        defer { ends.closeChildEnds() }
        do throws(Errno) {
            try plan(&actions, &ends)
        } catch {
            ends.closeParentEnds()
            throw error
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var argv =
            privateFiles
            ? ["/bin/sh", "-c", "umask 077 && exec \"$0\" \"$@\"", program] + arguments : [program] + arguments
        if diesWithParent { argv = [Self.setpriv, "--pdeathsig", "KILL", "--"] + argv }
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = Self.environmentStrings(environment) + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        do throws(Errno) {
            try nothingOrCode("start", path: program) {
                if !diesWithParent {
                    return posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
                }
                let (code, child) = withUnsafeMutablePointer(to: &actions) { actions in
                    withUnsafeMutablePointer(to: &attributes) { attributes in
                        cArguments.withUnsafeMutableBufferPointer { arguments in
                            cEnvironment.withUnsafeMutableBufferPointer { environment in
                                let call = SpawnCall(
                                    path: argv[0], actions: actions, attributes: attributes,
                                    arguments: arguments.baseAddress!, environment: environment.baseAddress!)
                                return LastingThread.run { call.spawn() }
                            }
                        }
                    }
                }
                pid = child
                return code
            }
        } catch {
            ends.closeParentEnds()
            throw error
        }
        let notice = GlibcExtras.pidfdOpen.map { $0(pid, 0) }.flatMap { $0 >= 0 ? FileDescriptor(rawValue: $0) : nil }
        return ChildProcess(
            id: pid, exitNotice: notice, input: ends.parentInput, output: ends.parentOutput,
            errors: ends.parentErrors, ownProcessGroup: ownProcessGroup)
    }

    /// Starts the child, writes `input` to it (with `input: .pipe`), collects what it prints (with
    /// `.capture`) and waits for it to end; after `deadline` it is stopped (SIGTERM, SIGKILL after `grace`).
    public func run(
        input bytes: [UInt8] = [], deadline: Duration? = nil, grace: Duration = .seconds(5)
    ) throws(Errno)
        -> ChildProcess.Finished
    {
        try start().communicate(input: bytes, deadline: deadline, grace: grace)
    }

    /// A `posix_spawn` call handed to `LastingThread`, which runs it while `start` waits: the pointers
    /// stay valid until it returns.
    // unchecked: the pointers are only used on the one thread, while their owner waits for it.
    private struct SpawnCall: @unchecked Sendable {
        var path: String
        var actions: UnsafeMutablePointer<posix_spawn_file_actions_t>
        var attributes: UnsafeMutablePointer<posix_spawnattr_t>
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

        func spawn() -> (CInt, pid_t) {
            var pid: pid_t = 0
            let code = posix_spawn(&pid, path, actions, attributes, arguments, environment)
            return (code, pid)
        }
    }

    /// The descriptors a start opens: the parent's ends it keeps, the child's it closes after spawning.
    private struct Ends {
        var parentInput: FileDescriptor?
        var parentOutput: FileDescriptor?
        var parentErrors: FileDescriptor?
        var child: [FileDescriptor] = []

        func closeChildEnds() { child.forEach { $0.close() } }

        func closeParentEnds() { [parentInput, parentOutput, parentErrors].compactMap { $0 }.forEach { $0.close() } }
    }

    private func plan(_ actions: inout posix_spawn_file_actions_t, _ ends: inout Ends) throws(Errno) {
        switch input {
        case .null: posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        case .inherit: break
        case .pipe:
            let (parent, child) = try FileDescriptor.socketPair()
            ends.parentInput = parent
            ends.child.append(child)
            posix_spawn_file_actions_adddup2(&actions, child.rawValue, STDIN_FILENO)
        }
        ends.parentOutput = try plan(output, STDOUT_FILENO, &actions, &ends)
        ends.parentErrors = try plan(errors, STDERR_FILENO, &actions, &ends)
        for (offset, passed) in passedDescriptors.enumerated() {
            let target = STDERR_FILENO + 1 + CInt(offset)
            // dup2 onto itself would leave close-on-exec set: pass a copy from above the targets.
            let firstFree = STDERR_FILENO + 1 + CInt(passedDescriptors.count)
            var source = passed.rawValue
            if source < firstFree {
                source = try valueOrErrno("start", path: program) { fcntl(passed.rawValue, F_DUPFD_CLOEXEC, firstFree) }
                ends.child.append(FileDescriptor(rawValue: source))
            }
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        // After the dup2s above, whose sources are closed with the rest.
        if let addCloseFrom = GlibcExtras.addCloseFrom {
            try nothingOrCode("start", path: program) {
                addCloseFrom(&actions, STDERR_FILENO + 1 + CInt(passedDescriptors.count))
            }
        }
        if let directory {
            guard let addChdir = GlibcExtras.addChdir else {
                throw Errno(code: ENOSYS, action: "run a program in", path: directory)
            }
            try nothingOrCode("run a program in", path: directory) { addChdir(&actions, directory) }
        }
    }

    private func plan(
        _ output: Output, _ target: CInt, _ actions: inout posix_spawn_file_actions_t, _ ends: inout Ends
    ) throws(Errno) -> FileDescriptor? {
        switch output {
        case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
        case .inherit: break
        case .capture:
            let (read, write) = try FileDescriptor.pipe()
            ends.child.append(write)
            posix_spawn_file_actions_adddup2(&actions, write.rawValue, target)
            return read
        case .file(let path):
            let file = try PrivateFile.open(path, .writeOnly, creating: .ifMissing, truncating: true)
            ends.child.append(file)
            posix_spawn_file_actions_adddup2(&actions, file.rawValue, target)
        case .standardOutput: posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, target)
        }
        return nil
    }

    /// `NAME=value` strings for the child; this process's own environment when `environment` is nil.
    private static func environmentStrings(_ environment: [String: String]?) -> [UnsafeMutablePointer<CChar>?] {
        guard let environment else {
            var strings: [UnsafeMutablePointer<CChar>?] = []
            var entry = environ
            while let string = entry.pointee {
                strings.append(strdup(string))
                entry += 1
            }
            return strings
        }
        return environment.map { strdup("\($0.key)=\($0.value)") }
    }
}
