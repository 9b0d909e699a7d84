import Foundation
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import StationControl

/// One login, one control socket: stations of one account on other data directories, or of other
/// accounts in a shared runtime directory, never answer each other's commands.
@Suite("The control socket is the account's own, per station")
@MainActor
struct ControlSocketOwnerTests {
    /// A runtime directory every account may use, as /tmp is (1777).
    static func sharedRuntime() throws -> URL {
        let url = URL(fileURLWithPath: "/tmp/ds-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        chmod(url.path, 0o1777)
        return url
    }

    @Test("two stations of one account on two data directories each listen, and each ctl reaches its own")
    func twoDataDirectories() async throws {
        let runtime = try Self.sharedRuntime()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        var servers: [ControlServer] = []
        defer { servers.forEach { $0.stop() } }
        var paths: [URL] = []
        for name in ["Ward A", "Ward B"] {
            let station = StationFixture().station
            try station.createSession(named: name)
            let data = URL(fileURLWithPath: "/tmp/ds-data-\(name.suffix(1))-\(UUID().uuidString.prefix(4))")
            let path = ControlServer.defaultPath(environment: environment, dataDirectory: data)
            let server = ControlServer(path: path) { ControlProtocol.answer($0, station: station) }
            try server.start()
            servers.append(server)
            paths.append(path)
        }
        #expect(paths[0] != paths[1])
        #expect(try await ControlSocketTests.send("select Ward A", to: paths[0]) == "ok IDLE Ward A")
        #expect(try await ControlSocketTests.send("select Ward A", to: paths[1]).hasPrefix("error "))
        let folder = try #require(try FileStatus.ofEntry(at: paths[0].deletingLastPathComponent().path))
        #expect(folder.permissions == 0o700, "the account's folder is private")
        #expect(folder.owner == geteuid())
    }

    @Test("a client of another account is refused by the station, by the kernel's word on who connected")
    func otherAccountRefused() async throws {
        let path = ControlSocketTests.temporaryPath()
        let station = StationFixture().station
        // This station is another account's (4242): the test process (another uid) must not drive it.
        let server = ControlServer(path: path, account: 4242) { ControlProtocol.answer($0, station: station) }
        try server.start()
        defer { server.stop() }
        let fd = try UnixSocket.connect(to: path.path)
        defer { FileDescriptor(rawValue: fd).close() }
        UnixSocket.writeAll(fd, "toggle\n")
        let reply = try #require(UnixSocket.readLine(fd, within: 30))
        #expect(reply.hasPrefix("error this station answers only its own account, "), "\(reply)")
        #expect(reply.hasSuffix("; \(LoginAccount.current.name) may not drive it"))
        #expect(station.sessions.isEmpty, "the toggle made no session and recorded nothing")
    }

    @Test("the account's runtime folder made by another account is refused, naming its owner")
    func squattedFolder() throws {
        let runtime = try Self.sharedRuntime()
        defer { try? FileManager.default.removeItem(at: runtime) }
        // The test process made the folder; for account 4242 it is someone else's.
        let path = ControlSocketPath.path(
            environment: ["XDG_RUNTIME_DIR": runtime.path], dataDirectory: URL(fileURLWithPath: "/data"),
            account: 4242)
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: false)
        #expect(
            throws: ControlSocketError.foreignFolder(
                path: path.deletingLastPathComponent().path, owner: LoginAccount.current.name)
        ) {
            try ControlSocketPath.prepareFolder(of: path, account: 4242)
        }
        let server = ControlServer(path: path, account: 4242) { _ in "ok" }
        #expect(throws: ControlSocketError.self) { try server.start() }
    }
}
