import Foundation
import StationTestSupport
import Testing

@testable import StationCore

@Suite("The data directory's own files are private and never followed through links")
struct DataDirectoryTests {
    func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("who may use a folder is said as ls -l says it, setgid, sticky and setuid bits too")
    func modeWords() {
        #expect(Ownership.modeWords(0o2770, type: .typeDirectory) == "drwxrws---")
        #expect(Ownership.modeWords(0o2760, type: .typeDirectory) == "drwxrwS---")
        #expect(Ownership.modeWords(0o1777, type: .typeDirectory) == "drwxrwxrwt")
        #expect(Ownership.modeWords(0o4644, type: .typeRegular) == "-rwSr--r--")
        #expect(Ownership.modeWords(0o600, type: .typeRegular) == "-rw-------")
    }

    @Test("the log writes nothing through a link in its place")
    func logRefusesLink() throws {
        let folder = try TemporaryFolder("log-link")
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent("elsewhere.log")
        try Data().write(to: target)
        let link = folder.url.appendingPathComponent("station.log")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        FileStationLog(file: link).log(.info, "hello")
        #expect(try Data(contentsOf: target).isEmpty)
    }

    @Test("createDirectories names a link in place of a folder and leaves its target alone")
    func refusesFolderLink() throws {
        let folder = try TemporaryFolder("paths-link")
        defer { folder.remove() }
        let paths = StationPaths(dataDirectory: folder.url.appendingPathComponent("data"))
        let target = folder.url.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(at: paths.audioDirectory, withDestinationURL: target)
        #expect(throws: DataDirectoryError.symbolicLink(path: paths.audioDirectory.path)) {
            try paths.createDirectories()
        }
        #expect(try mode(target) == 0o755)
    }
}
