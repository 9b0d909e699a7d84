import Foundation
import StationSystem
import StationTestSupport
import Testing

/// A data directory of another account, or shared by a group, as a clinic might try: real accounts,
/// the real binary. The station never changes a folder it does not own, and says whose it is and what
/// to do instead, never the system's error.
@Suite(
    "A data directory that is not the account's own is refused in words", .serialized,
    .enabled(if: TestAccount.canMake, "making an OS account needs root, as CI runs"))
struct DataDirectoryOwnerTests {
    let base = URL(fileURLWithPath: "/tmp/ds-owner-\(UUID().uuidString.prefix(8))")

    init() throws {
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        chmod(base.path, 0o755)
    }

    /// The station (no subcommand) run as `account` in a terminal (tmux) on `data`; what it wrote to
    /// standard error (kept in a file, whole), once it ended.
    func station(as account: TestAccount, data: String) throws -> (status: Int, screen: String) {
        let errors = base.appendingPathComponent("station-errors-\(UUID().uuidString.prefix(8))").path
        let command =
            "exec /usr/sbin/runuser -u \(account.name) -- \(StationBinary.url.path) --data-dir \(TmuxSession.quote(data))"
            + " 2>\(errors)"
        let tmux = try TmuxSession(
            command: ["/bin/sh", "-c", command], environment: ["TERM": "screen-256color", "HOME": base.path])
        defer { tmux.shutDown() }
        let status = try tmux.waitForExit()
        return (status, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    @Test(
        "/srv/dictation as root:clinic 2770: every account is told whose it is and about the clinic store; it stays 2770"
    )
    func sharedGroupFolder() async throws {
        defer { try? FileManager.default.removeItem(at: base) }
        try await TestAccount.with(1, prefix: "dsown") { accounts in
            let anna = accounts[0]
            try await TestAccount.withGroup(members: [anna]) { group in
                let shared = base.appendingPathComponent("dictation").path
                try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
                chown(shared, 0, try #require(getgrnam(group)).pointee.gr_gid)
                chmod(shared, 0o2770)

                let listed = try anna.runStation(["--data-dir", shared, "reports"])
                #expect(listed.status == 1)
                let words = listed.standardError
                #expect(
                    words.hasPrefix(
                        "dictation-station: The data directory \(shared) belongs to root (group \(group), drwxrws---), "
                            + "not to \(anna.name), and the station does not change another account's folder."),
                    "\(words)")
                #expect(words.contains("For a clinic, use the clinic store"))
                #expect(!words.contains("Error Domain"))

                let opened = try station(as: anna, data: shared)
                #expect(opened.status == 1)
                #expect(
                    opened.screen.contains("The data directory \(shared) belongs to root (group \(group), drwxrws---)"),
                    "\(opened.screen)")
                #expect(!opened.screen.contains("Error Domain"))

                let after = try #require(try FileStatus.ofEntry(at: shared))
                #expect(
                    after.permissions == 0o2770, "the folder's mode and setgid bit are as the administrator set them")
                #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty, "nothing was made in it")
            }
        }
    }

    @Test("a station file of another account in one's own data directory is refused, naming that account")
    func anotherAccountsFile() async throws {
        defer { try? FileManager.default.removeItem(at: base) }
        try await TestAccount.with(2, prefix: "dsown") { accounts in
            let (anna, bob) = (accounts[0], accounts[1])
            let data = base.appendingPathComponent("anna").path
            try FileManager.default.createDirectory(
                atPath: data, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            chown(data, anna.uid, anna.gid)
            let database = data + "/station.sqlite3"
            _ = FileManager.default.createFile(
                atPath: database, contents: Data(), attributes: [.posixPermissions: 0o600])
            chown(database, bob.uid, bob.gid)
            let opened = try station(as: anna, data: data)
            #expect(opened.status == 1)
            #expect(
                opened.screen.contains(
                    "\(database) belongs to \(bob.name) (group \(bob.name), -rw-------), not to \(anna.name): "
                        + "another account has used this data directory."),
                "\(opened.screen)")
        }
    }

    @Test("a data directory in a folder the account may not write says whose that folder is and what to run")
    func cannotCreate() async throws {
        defer { try? FileManager.default.removeItem(at: base) }
        try await TestAccount.with(1, prefix: "dsown") { accounts in
            let anna = accounts[0]
            let wanted = base.appendingPathComponent("new/dictation").path
            let listed = try anna.runStation(["--data-dir", wanted, "reports"])
            #expect(listed.status == 1)
            #expect(
                listed.standardError.hasPrefix(
                    "dictation-station: The data directory \(wanted) cannot be made: \(base.path) belongs to root "
                        + "(group root, drwxr-xr-x), and \(anna.name) may not create folders in it."),
                "\(listed.standardError)")
            #expect(listed.standardError.contains("sudo install -d -o \(anna.name) -m 700 \(wanted)"))
            #expect(!listed.standardError.contains("Error Domain"))
        }
    }
}
