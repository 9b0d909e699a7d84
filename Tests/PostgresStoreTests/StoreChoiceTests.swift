import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// A folder standing in for /etc/dictation-station: readable by every account, as the real one is.
struct WorkstationFolder: ~Copyable {
    let url = URL(fileURLWithPath: "/tmp/ds-etc-\(UUID().uuidString.prefix(8))")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chmod(url.path, 0o755)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `name` with `text`, mode `mode` and owner `owner` (root unless said).
    @discardableResult
    func write(_ name: String, _ text: String, mode: mode_t = 0o644, owner: uid_t = 0) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        chown(path, owner, gid_t.max)
        return path
    }
}

@Suite("Where to connect: --store, $DICTATION_STATION_STORE, then the workstation's store.conf")
struct StoreChoiceTests {
    static func resolve(_ environment: [String: String], option: String? = nil) throws -> StoreChoice? {
        try StoreChoice.resolve(option: option, environment: environment)
    }

    @Test("--store wins over the variable, the variable over the file; empty counts as not given; no file: none")
    func order() throws {
        let folder = try WorkstationFolder()
        let file = try folder.write("store.conf", "# the clinic\nstore = dbname=fromfile\n")
        let fileOnly = ["DICTATION_STATION_STORE_CONF": file]
        #expect(
            try Self.resolve(fileOnly)
                == StoreChoice(address: StoreAddress("dbname=fromfile"), origin: .workstationFile(path: file)))
        let both = fileOnly.merging(["DICTATION_STATION_STORE": "dbname=fromvariable"]) { $1 }
        #expect(try Self.resolve(both)?.address.conninfo == "dbname=fromvariable")
        #expect(try Self.resolve(both)?.origin == .environment)
        #expect(
            try Self.resolve(both, option: "dbname=fromoption")
                == StoreChoice(address: StoreAddress("dbname=fromoption"), origin: .option))
        #expect(
            try Self.resolve(fileOnly.merging(["DICTATION_STATION_STORE": " "]) { $1 }, option: "")?.origin
                == .workstationFile(path: file))
        let missing = ["DICTATION_STATION_STORE_CONF": folder.url.appendingPathComponent("none.conf").path]
        #expect(try Self.resolve(missing) == nil, "no clinic store: the person's own SQLite store")
        let comments = try folder.write("empty.conf", "# nothing chosen yet\n\n")
        #expect(try Self.resolve(["DICTATION_STATION_STORE_CONF": comments]) == nil)
        #expect(
            try Self.resolve(fileOnly)?.description
                == "“dbname=fromfile” (set by \(file))")
        #expect(
            try StoreChoice.resolveForAdministration(option: nil, environment: missing).address.conninfo == "",
            "the clinic subcommands fall back on libpq's defaults")
    }

    @Test("the file's line is understood with spaces and a service name; anything else names the line")
    func parsing() throws {
        #expect(try WorkstationStoreFile.parse("  store=service=clinic  \n", path: "f") == "service=clinic")
        #expect(
            try WorkstationStoreFile.parse("store = host=db.clinic.lan dbname=clinic sslmode=verify-full", path: "f")
                == "host=db.clinic.lan dbname=clinic sslmode=verify-full")
        #expect(throws: StoreConfigurationError.notUnderstood(path: "f", line: 2, text: "host = db")) {
            try WorkstationStoreFile.parse("# c\nhost = db\n", path: "f")
        }
        #expect(throws: StoreConfigurationError.notUnderstood(path: "f", line: 2, text: "store = dbname=b")) {
            try WorkstationStoreFile.parse("store = dbname=a\nstore = dbname=b", path: "f")
        }
        #expect(throws: StoreConfigurationError.notUnderstood(path: "f", line: 1, text: "store =")) {
            try WorkstationStoreFile.parse("store =", path: "f")
        }
        for secret in ["store = dbname=clinic password=hunter2", "store = postgresql://anna:hunter2@db/clinic"] {
            #expect(throws: StoreConfigurationError.holdsPassword(path: "f")) {
                try WorkstationStoreFile.parse(secret, path: "f")
            }
        }
        let words = StoreConfigurationError.notUnderstood(path: "/etc/x", line: 3, text: "hst=db").description
        #expect(
            words.hasPrefix("/etc/x, line 3: “hst=db” is not understood. The file holds one line `store = CONNECTION`"))
    }

    @Test(
        "a file others may write, or owned by another account, is refused saying whose it is and what to run",
        .enabled(if: getuid() == 0, "giving a file to another account needs root, as CI runs"))
    func untrusted() throws {
        let folder = try WorkstationFolder()
        let writable = try folder.write("open.conf", "store = dbname=x\n", mode: 0o664)
        #expect(
            throws: StoreConfigurationError.untrusted(path: writable, owner: "root", group: "root", mode: "-rw-rw-r--")
        ) {
            try Self.resolve(["DICTATION_STATION_STORE_CONF": writable])
        }
        let nobodys = try folder.write("nobody.conf", "store = dbname=x\n", owner: 65534)
        do {
            _ = try Self.resolve(["DICTATION_STATION_STORE_CONF": nobodys])
            Issue.record("a file of another account was used")
        } catch {
            #expect(
                "\(error)".hasPrefix(
                    "The workstation's clinic store file \(nobodys) is not used: it belongs to nobody (group root, -rw-r--r--)"
                ))
            #expect("\(error)".hasSuffix("sudo chown root:root \(nobodys) && sudo chmod 644 \(nobodys)"))
        }
        let folderInstead = folder.url.path
        #expect(throws: StoreConfigurationError.self) {
            try Self.resolve(["DICTATION_STATION_STORE_CONF": folderInstead])
        }
    }
}
