import Glibc
import Testing

@testable import StationSystem

@Suite("LoginAccount: who this process runs as, from the account database")
struct LoginAccountTests {
    @Test("the account is the effective user's entry in the account database")
    func current() throws {
        let account = LoginAccount.current
        let entry = try #require(getpwuid(geteuid()))
        #expect(account.uid == geteuid())
        #expect(account.name == String(cString: entry.pointee.pw_name))
        #expect(account.home == String(cString: entry.pointee.pw_dir))
    }

    @Test("an id without an entry is named by its number")
    func unknown() {
        #expect(LoginAccount.of(uid: 987_654).name == "uid 987654")
    }

    @Test("this host has a name; this process exists, a collected child no longer does")
    func hostAndProcesses() throws {
        #expect(!HostName.current.isEmpty)
        #expect(Processes.exists(Processes.current))
        let child = try Spawn("/bin/true").start()
        #expect(child.wait(timeout: .seconds(10)) == .exited(0))
        #expect(!Processes.exists(child.id))
    }
}
