import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// Another workstation reaches the clinic store over TCP (loopback here, on a server started for the
/// test) with a SCRAM-SHA-256 password that `clinic add-user --password-from-stdin` set: who it is, is
/// the role that authenticated; a wrong password is refused in words; the password is in no log.
@Suite(
    "Clinic store: other workstations over TCP with SCRAM, never trust", .serialized,
    .enabled(if: LoopbackServer.canStart, "starts a PostgreSQL server of its own, as root does in CI"))
struct RemoteWorkstationTests {
    static let scramOnly = """
        local all all peer
        host all all 127.0.0.1/32 scram-sha-256
        """

    /// A server with a set-up clinic store named `clinic` and one user, `name`, whose password is `password`.
    static func clinic(user name: String, password: String) throws -> LoopbackServer {
        let server = try LoopbackServer(hba: scramOnly)
        try server.psql("CREATE DATABASE clinic")
        let set = try StationBinary.run(["clinic", "init", "--store", server.localAddress("clinic")])
        try #require(set.status == 0, "\(set.standardError)")
        let added = try StationBinary.run(
            ["clinic", "add-user", name, "--password-from-stdin", "--store", server.localAddress("clinic")],
            input: password + "\n")
        try #require(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.contains("\(name) has a password for other workstations (SCRAM-SHA-256"))
        #expect(!added.standardOutput.contains(password))
        return server
    }

    /// A libpq password file (0600, as libpq demands) holding `password` for `user` on `server`.
    static func passwordFile(_ server: LoopbackServer, user: String, password: String) throws -> String {
        let path = server.directory.appendingPathComponent("pgpass-\(UUID().uuidString.prefix(6))").path
        try "127.0.0.1:\(server.port):clinic:\(user):\(password)\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    @Test("the role that authenticated with its password is who the store records; a wrong one is refused in words")
    func scram() async throws {
        let name = TestAccount.uniqueName("dsremote")
        let password = "correct horse \(UUID().uuidString.prefix(6))"
        let server = try Self.clinic(user: name, password: password)
        defer { server.stop() }
        #expect(
            try server.psql("SELECT rolpassword LIKE 'SCRAM-SHA-256$%' FROM pg_authid WHERE rolname = '\(name)'") == "t"
        )

        let good = try Self.passwordFile(server, user: name, password: password)
        let address = server.tcpAddress("clinic", user: name) + " passfile=\(good)"
        let status = try StationBinary.run(["clinic", "status", "--store", address])
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.contains("Connected as: \(name)"))
        #expect(
            status.standardOutput.contains(
                "Password-less access (trust): cannot be checked: only a PostgreSQL superuser"))

        // A report written over TCP names the authenticated role, whatever author the client gives.
        let store = try await ClinicStore.connect(to: StoreAddress(address))
        let added = try await store.add(ClinicReportStoreTests.newReport("Remote note.", author: "mallory"))
        #expect(added.author == name)

        let wrong = try Self.passwordFile(server, user: name, password: "not it")
        let refused = try StationBinary.run([
            "clinic", "status", "--store", server.tcpAddress("clinic", user: name) + " passfile=\(wrong)",
        ])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "dictation-station: The clinic store at “host=127.0.0.1 port=\(server.port) dbname=clinic user=\(name)"),
            "\(refused.standardError)")
        #expect(refused.standardError.contains("refused \(name): the password is wrong."), "\(refused.standardError)")

        let none = try StationBinary.run([
            "clinic", "status", "--store", server.tcpAddress("clinic", user: name) + " passfile=/nonexistent",
        ])
        #expect(
            none.standardError.contains("wants the password of \(name): keep it in ~/.pgpass"), "\(none.standardError)")

        let log = try String(contentsOfFile: server.logFile, encoding: .utf8)
        #expect(log.contains("ALTER ROLE"), "the server logs statements, so the check below means something")
        #expect(!log.contains(password), "the password is in no statement the server saw")
    }

    @Test(
        "clinic status, as a superuser, warns of each pg_hba.conf line that lets anyone in (trust), and says when none does"
    )
    func trustWarning() async throws {
        let name = TestAccount.uniqueName("dsremote")
        let server = try Self.clinic(user: name, password: "pw \(UUID().uuidString)")
        defer { server.stop() }
        let clean = try StationBinary.run(["clinic", "status", "--store", server.localAddress("clinic")])
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(
            clean.standardOutput.contains(
                "Password-less access (trust): none in the server's pg_hba.conf for this database."))
        #expect(!clean.standardOutput.contains("Warning"))

        try server.writeHBA(
            Self.scramOnly + "\nhost clinic all 127.0.0.2/32 trust\nhost other all 127.0.0.3/32 trust\n")
        let warned = try StationBinary.run(["clinic", "status", "--store", server.localAddress("clinic")])
        #expect(warned.status == 0, "\(warned.standardError)")
        let lines = warned.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Warning:") }
        #expect(lines.count == 1, "only the line for this database: \(lines)")
        #expect(
            lines.first?.hasPrefix(
                "Warning: pg_hba.conf line 3 (host 127.0.0.2 255.255.255.255, databases clinic, users all) lets anyone connect"
            )
                == true, "\(lines)")
    }

    /// Runs openssl with `arguments` in `folder`, as the README's recipe does.
    static func openssl(_ arguments: [String], in folder: String) throws {
        var spawn = Spawn("/usr/bin/openssl", arguments)
        spawn.directory = folder
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(deadline: .seconds(120))
        try #require(finished.termination == .exited(0), "openssl \(arguments): \(finished.errorText)")
    }

    @Test("the README's client-certificate recipe: the certificate's CN is the role; another's certificate is refused")
    func clientCertificates() async throws {
        let folder = "/tmp/ds-certs-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = TestAccount.uniqueName("dscert")
        try Self.openssl(
            [
                "req", "-new", "-x509", "-days", "3650", "-nodes", "-subj", "/CN=Clinic CA", "-keyout", "clinic-ca.key",
                "-out", "clinic-ca.crt",
            ], in: folder)
        try Self.openssl(
            [
                "req", "-new", "-nodes", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout",
                "server.key", "-out", "server.csr",
            ], in: folder)
        try Self.openssl(
            [
                "x509", "-req", "-in", "server.csr", "-copy_extensions", "copy", "-CA", "clinic-ca.crt", "-CAkey",
                "clinic-ca.key", "-CAcreateserial", "-days", "825", "-out", "server.crt",
            ], in: folder)
        for person in [name, "mallory"] {
            try Self.openssl(
                [
                    "req", "-new", "-nodes", "-subj", "/CN=\(person)", "-keyout", "\(person).key", "-out",
                    "\(person).csr",
                ],
                in: folder)
            try Self.openssl(
                [
                    "x509", "-req", "-in", "\(person).csr", "-CA", "clinic-ca.crt", "-CAkey", "clinic-ca.key",
                    "-CAcreateserial", "-days", "365", "-out", "\(person).crt",
                ], in: folder)
            chmod("\(folder)/\(person).key", 0o600)
        }
        // The server's own copies, the postgres account's (it refuses a key others may read).
        let server = try LoopbackServer(
            hba: "local all all peer\nhostssl all all 127.0.0.1/32 cert\n",
            settings: [
                "ssl=on", "ssl_cert_file='\(folder)/server-own.crt'", "ssl_key_file='\(folder)/server-own.key'",
                "ssl_ca_file='\(folder)/clinic-ca.crt'",
            ],
            before: { directory in
                for (from, to) in [("server.crt", "server-own.crt"), ("server.key", "server-own.key")] {
                    try FileManager.default.copyItem(atPath: "\(folder)/\(from)", toPath: "\(folder)/\(to)")
                    chown("\(folder)/\(to)", try #require(getpwnam("postgres")).pointee.pw_uid, gid_t.max)
                    chmod("\(folder)/\(to)", 0o600)
                }
                chmod(folder, 0o755)
                chmod("\(folder)/clinic-ca.crt", 0o644)
            })
        defer { server.stop() }
        try server.psql("CREATE DATABASE clinic")
        #expect(try StationBinary.run(["clinic", "init", "--store", server.localAddress("clinic")]).status == 0)
        #expect(
            try StationBinary.run(["clinic", "add-user", name, "--store", server.localAddress("clinic")]).status == 0)
        defer { _ = try? server.psql("DROP ROLE IF EXISTS \(name)") }

        func store(certificate person: String?) -> String {
            server.tcpAddress("clinic", user: name) + " sslmode=verify-full sslrootcert=\(folder)/clinic-ca.crt"
                + (person.map { " sslcert=\(folder)/\($0).crt sslkey=\(folder)/\($0).key" } ?? " sslcert=/nonexistent")
        }
        let own = try StationBinary.run(["clinic", "status", "--store", store(certificate: name)])
        #expect(own.status == 0, "\(own.standardError)")
        #expect(own.standardOutput.contains("Connected as: \(name)"))

        let others = try StationBinary.run(["clinic", "status", "--store", store(certificate: "mallory")])
        #expect(others.status == 1)
        #expect(
            others.standardError.contains(
                "wants a client certificate for \(name), and none was given or it does not name"),
            "\(others.standardError)")
        let none = try StationBinary.run(["clinic", "status", "--store", store(certificate: nil)])
        #expect(none.status == 1)
        #expect(none.standardError.contains("wants a client certificate for \(name)"), "\(none.standardError)")
    }
}
