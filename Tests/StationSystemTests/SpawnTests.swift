import Foundation
import Glibc
import Testing

@testable import StationSystem

@Suite("Spawn: children with a clean signal mask, deadlines that end them, their output")
struct SpawnTests {
    /// A field of `/proc/PID/status` ("SigBlk", "SigIgn").
    static func status(_ field: String, of pid: pid_t) throws -> String {
        let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
    }

    @Test("a child spawned from a thread that blocks every signal has none blocked or ignored, and SIGTERM ends it")
    func cleanSignalMask() throws {
        var all = sigset_t()
        sigfillset(&all)
        var previous = sigset_t()
        #expect(pthread_sigmask(SIG_BLOCK, &all, &previous) == 0)
        var blocked = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &blocked)
        let ignoredBefore = signal(SIGHUP, SIG_IGN)
        let child: ChildProcess
        do {
            defer {
                signal(SIGHUP, ignoredBefore)
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            }
            #expect(sigismember(&blocked, SIGTERM) == 1, "the spawning thread really blocks SIGTERM")
            child = try Spawn("/bin/sleep", ["30"]).start()
        }
        #expect(try Self.status("SigBlk", of: child.id) == "0000000000000000")
        // Signals 1 to 31 (glibc keeps its internal ones from 32 up to itself).
        let ignored = UInt64(try Self.status("SigIgn", of: child.id), radix: 16)
        #expect(ignored.map { $0 & 0x7fff_ffff } == 0, "SigIgn \(String(ignored ?? 0, radix: 16))")
        child.signal(SIGTERM)
        #expect(child.wait(timeout: .seconds(10)) == .signalled(SIGTERM))
    }

    @Test("past its deadline a child gets SIGTERM, and one that ignores it SIGKILL after the grace period")
    func deadline() throws {
        let clock = ContinuousClock()
        var started = clock.now
        let handled = try Spawn("/bin/sh", ["-c", "trap 'echo got TERM; exit 3' TERM; while :; do sleep 0.05; done"])
            .with { $0.output = .capture }
            .run(deadline: .milliseconds(300), grace: .seconds(10))
        #expect(handled.timedOut)
        #expect(handled.termination == .exited(3), "SIGTERM reached its handler")
        #expect(handled.outputText == "got TERM\n")
        #expect(clock.now - started < .seconds(8))

        started = clock.now
        let stubborn = try Spawn("/bin/sh", ["-c", "trap '' TERM; exec sleep 30"])
            .run(deadline: .milliseconds(200), grace: .milliseconds(300))
        #expect(stubborn.timedOut)
        #expect(stubborn.termination == .signalled(SIGKILL))
        #expect(clock.now - started < .seconds(10))

        let quick = try Spawn("/bin/true").run(deadline: .seconds(30))
        #expect(!quick.timedOut)
        #expect(quick.termination == .exited(0))
    }

    @Test("the exit status, and a signal, as a shell reports them")
    func exitStatus() throws {
        let seven = try Spawn("/bin/sh", ["-c", "exit 7"]).run()
        #expect(seven.termination == .exited(7))
        #expect(seven.termination?.shellStatus == 7)
        let killed = try Spawn("/bin/sh", ["-c", "kill -9 $$"]).run()
        #expect(killed.termination == .signalled(SIGKILL))
        #expect(killed.termination?.shellStatus == 137)
    }

    @Test("output and errors captured apart or together, a megabyte each way without a stall")
    func output() throws {
        let apart = try Spawn("/bin/sh", ["-c", "echo out; echo err >&2"])
            .with {
                $0.output = .capture
                $0.errors = .capture
            }.run()
        #expect(apart.outputText == "out\n")
        #expect(apart.errorText == "err\n")
        let together = try Spawn("/bin/sh", ["-c", "echo out; echo err >&2"])
            .with {
                $0.output = .capture
                $0.errors = .standardOutput
            }.run()
        #expect(together.outputText == "out\nerr\n")

        let big = (0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let echoed = try Spawn("/bin/cat").with {
            $0.input = .pipe
            $0.output = .capture
        }.run(input: big, deadline: .seconds(60))
        #expect(echoed.termination == .exited(0))
        #expect(echoed.output == big)
    }

    @Test("its environment, working directory and process group are the ones asked for")
    func setting() throws {
        let folder = try TestFolder("spawn-setting")
        defer { folder.remove() }
        let run = Spawn("/bin/sh", ["-c", "pwd; echo \"$GREETING\"; ps -o pgid= -p $$"])
            .with {
                $0.environment = ["GREETING": "hello", "PATH": "/usr/bin:/bin"]
                $0.directory = folder.path
                $0.output = .capture
                $0.ownProcessGroup = true
            }
        let child = try run.start()
        let finished = child.communicate()
        let lines = finished.outputText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count == 3)
        #expect(
            lines.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
                == URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path)
        #expect(lines.dropFirst().first == "hello")
        #expect(lines.last == "\(child.id)", "a group of its own")
    }

    @Test("privateFiles: what the child creates is 0600; output into a file is private and never through a link")
    func privateFiles() throws {
        let folder = try TestFolder("spawn-private")
        defer { folder.remove() }
        let made = try Spawn("/bin/sh", ["-c", "echo x > made; mkdir sub"]).with {
            $0.directory = folder.path
            $0.privateFiles = true
        }.run()
        #expect(made.termination == .exited(0))
        #expect(try TestFolder.mode(folder.file("made")) == 0o600)
        #expect(try TestFolder.mode(folder.file("sub")) == 0o700)

        let log = folder.file("tool.log")
        #expect(try Spawn("/bin/echo", ["logged"]).with { $0.output = .file(log) }.run().termination == .exited(0))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "logged\n")
        #expect(try TestFolder.mode(log) == 0o600)
        try FileManager.default.createSymbolicLink(atPath: folder.file("linked.log"), withDestinationPath: log)
        #expect(throws: Errno.self) {
            try Spawn("/bin/echo").with { $0.output = .file(folder.file("linked.log")) }.start()
        }
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "logged\n")
    }

    @Test("a child inherits no descriptor but its standard three, even one opened without O_CLOEXEC")
    func noInheritedDescriptors() throws {
        let (read, write) = try FileDescriptor.pipe()
        defer { read.close() }
        let leaked = dup(write.rawValue)
        write.close()
        #expect(fcntl(leaked, F_GETFD) & FD_CLOEXEC == 0, "the premise: a descriptor a child would inherit")
        let child = try Spawn("/bin/sleep", ["30"]).start()
        close(leaked)
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.id)/fd").sorted()
        #expect(open == ["0", "1", "2"])
        #expect(try read.read(upTo: 1).isEmpty, "the pipe's reader is not kept waiting by the child")
        child.signal(SIGKILL)
        _ = child.wait(timeout: .seconds(10))
    }

    @Test("a program that is not there is an Errno naming it")
    func missingProgram() {
        do {
            _ = try Spawn("/nonexistent/tool").start()
            Issue.record("a missing program started")
        } catch {
            #expect(error.doesNotExist)
            #expect(error.description == "cannot start /nonexistent/tool: it does not exist")
        }
    }
}

extension Spawn {
    /// This spawn, changed by `change`.
    func with(_ change: (inout Spawn) -> Void) -> Spawn {
        var copy = self
        change(&copy)
        return copy
    }
}
