import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import StationControl

/// Two real accounts, each with a station of their own in tmux, in one runtime directory that every
/// account may write (as /tmp is): each `ctl` reaches its own account's station only.
@Suite(
    "Control sockets of two real accounts in a shared runtime directory, in tmux", .serialized,
    .enabled(if: TestAccount.canMake, "making an OS account needs root, as CI runs"))
struct ControlSocketAccountsTests {
    @Test("each account's ctl drives its own station; the other account, and root, are refused")
    func twoAccounts() async throws {
        let base = URL(fileURLWithPath: "/tmp/ds-ctl-\(UUID().uuidString.prefix(8))")
        let runtime = base.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(base.path, 0o755)
        chmod(runtime.path, 0o1777)
        defer { try? FileManager.default.removeItem(at: base) }
        try await TestAccount.with(2, prefix: "dsctl") { accounts in
            var stations: [TmuxSession] = []
            defer { stations.forEach { $0.shutDown() } }
            var data: [String] = []
            for account in accounts {
                let directory = base.appendingPathComponent(account.name).path
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
                chown(directory, account.uid, account.gid)
                data.append(directory)
                let tmux = try TmuxSession(
                    command: [
                        "/usr/sbin/runuser", "-u", account.name, "--", StationBinary.url.path, "--data-dir", directory,
                    ],
                    environment: [
                        "XDG_RUNTIME_DIR": runtime.path, "TERM": "screen-256color", "HOME": directory, "EDITOR": "true",
                    ])
                stations.append(tmux)
                _ = try tmux.waitFor("F10")
            }
            try stations[0].createSession("Alpha")
            func ctl(_ index: Int, _ words: [String]) throws -> StationBinary.Outcome {
                try accounts[index].runStation(
                    ["--data-dir", data[index], "ctl"] + words, environment: ["XDG_RUNTIME_DIR": runtime.path])
            }
            // The other account's ctl, with its own data directory, reaches its own station, never the first.
            let fromOther = try ctl(1, ["select", "Alpha"])
            #expect(fromOther.status == 1)
            #expect(fromOther.standardError.contains("There is no session named"), "\(fromOther.standardError)")
            _ = try ctl(1, ["toggle"])
            _ = try stations[1].waitFor("Control socket: toggle")
            #expect(try !stations[0].screen().contains("Control socket"), "nothing reached the first station")
            #expect(try stations[0].screen().contains("○ Alpha"))
            let own = try ctl(0, ["select", "Alpha"])
            #expect(own.status == 0, "\(own.standardError)")
            _ = try stations[0].waitFor("Control socket: select")

            // Each socket is in a folder of its account's own, 0700.
            let first = ControlSocketPath.path(
                environment: ["XDG_RUNTIME_DIR": runtime.path], dataDirectory: URL(fileURLWithPath: data[0]),
                account: accounts[0].uid)
            let folder = try #require(try FileStatus.ofEntry(at: first.deletingLastPathComponent().path))
            #expect(folder.owner == accounts[0].uid)
            #expect(folder.permissions == 0o700)
            // Root may open any socket; the station still takes no command from another account.
            let fd = try UnixSocket.connect(to: first.path)
            defer { FileDescriptor(rawValue: fd).close() }
            UnixSocket.writeAll(fd, "toggle\n")
            let reply = try #require(UnixSocket.readLine(fd, within: 30))
            #expect(
                reply == "error this station answers only its own account, \(accounts[0].name); root may not drive it")
            // And ctl itself will not talk to another account's station.
            #expect(throws: ControlClient.Failure.foreignStation(path: first.path, owner: accounts[0].name)) {
                try ControlClient.send("toggle", to: first)
            }
            #expect(try stations[0].screen().contains("○ Alpha"), "still idle")
        }
    }
}
