import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// A claim held over TCP on a private server, watched by a second station over the local socket, and
/// the holder's cable, cut with iptables on loopback one direction at a time.
final class HeldOverTCP {
    static let key = "dictation:cable"

    enum Direction { case toHolder, fromHolder }

    let server: PrivateServer
    let holder: ClinicClaims
    let other: ClinicClaims
    /// The holder's end of its connection, as the server sees it.
    let holderPort: String
    private var rules: [[String]] = []

    private init(server: PrivateServer, holder: ClinicClaims, other: ClinicClaims, holderPort: String) {
        (self.server, self.holder, self.other, self.holderPort) = (server, holder, other, holderPort)
    }

    static func make() async throws -> HeldOverTCP {
        let server = try await PrivateServer.make(tcp: true)
        let holder = try ClinicClaims.connect(to: server.tcpAddress)
        #expect(holder.claim(key) == .claimed)
        let other = try ClinicClaims.connect(to: server.address(database: "clinic"))
        let backend = try #require(other.holder(of: key)?.processID)
        let port = try server.psql("SELECT client_port FROM pg_stat_activity WHERE pid = \(backend)").output
        try #require(Int(port) != nil, "the holder connects over TCP: \(port)")
        return HeldOverTCP(server: server, holder: holder, other: other, holderPort: port)
    }

    /// Drops every packet going `directions` from now on: on every TCP connection to the server, as a
    /// pulled cable does. (Cut on the holder's connection alone, the holder connected again on a new one
    /// once its own end gave up, and took its claim back when the server had let the old one go: CI
    /// waited 60 s for a claim that was rightly held.) The other station uses the local socket.
    func drop(_ directions: Direction...) throws {
        let serverPort = String(server.port)
        for direction in directions {
            let port = direction == .toHolder ? ["--sport", serverPort] : ["--dport", serverPort]
            let rule = ["INPUT", "-i", "lo", "-p", "tcp"] + port + ["-j", "DROP"]
            try Self.iptables(["-A"] + rule)
            rules.append(rule)
        }
    }

    /// Takes the rules out again.
    func restore() {
        for rule in rules { try? Self.iptables(["-D"] + rule) }
        rules = []
    }

    /// What the server has sent the holder that the holder has not acknowledged (`ss`'s Send-Q).
    func unacknowledgedBytes() throws -> Int {
        var spawn = Spawn(
            "/usr/bin/ss", ["-Htn", "( sport = :\(server.port) and dport = :\(holderPort) )"])
        spawn.output = .capture
        let line = try spawn.run(deadline: .seconds(10)).outputText
        let fields = line.split(whereSeparator: \.isWhitespace)
        try #require(fields.count > 2, "the server's end of the holder's connection: \(line)")
        return Int(fields[2]) ?? 0
    }

    /// Waits until the other station gets the claim, as it does once the server has let the holder go.
    func waitForTheClaimToGo(_ expected: String) async throws {
        let cut = ContinuousClock.now
        try await waitUntil("the server letting the lost holder's claim go", seconds: 60) {
            other.claim(Self.key) == .claimed
        }
        print("pulled cable: the claim was free \(ContinuousClock.now - cut) after the cut (\(expected))")
    }

    private static func iptables(_ arguments: [String]) throws {
        var spawn = Spawn("/usr/sbin/iptables", ["-w"] + arguments)
        spawn.errors = .capture
        let finished = try spawn.run(deadline: .seconds(30))
        try #require(finished.termination == .exited(0), "iptables \(arguments): \(finished.errorText)")
    }
}
