import Foundation
import Glibc
import Testing

@testable import StationSystem

@Suite("PrivateFile and PrivateDirectory: 0600 and 0700, never through a link")
struct PrivateFileTests {
    @Test("a new file is 0600 before a byte is written, whatever the umask lets through")
    func createdPrivate() throws {
        let folder = try TestFolder("private-new")
        defer { folder.remove() }
        let path = folder.file("new")
        let file = try PrivateFile.open(path, .writeOnly, creating: .exclusively)
        #expect(try TestFolder.mode(path) == 0o600)
        file.close()
        #expect(throws: Errno(code: EEXIST, action: "create", path: path), "exclusively: never overwritten") {
            try PrivateFile.open(path, creating: .exclusively)
        }
    }

    @Test("a link in a private file's place is refused, named, and nothing reaches its target")
    func linkRefused() throws {
        let folder = try TestFolder("private-link")
        defer { folder.remove() }
        let target = folder.file("elsewhere")
        try Data("outside\n".utf8).write(to: URL(fileURLWithPath: target))
        try TestFolder.setMode(0o644, target)
        let link = folder.file("station.log")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        for attempt in [
            { try PrivateFile.open(link, .readOnly).close() },
            { try PrivateFile.create(link) },
            { try PrivateFile.open(link, .writeOnly, creating: .ifMissing, truncating: true).close() },
            { _ = try FileLock(path: link) },
        ] as [() throws -> Void] {
            do {
                try attempt()
                Issue.record("a link was followed")
            } catch let error as Errno {
                #expect(error.isLinkRefused)
                #expect(error.description.hasPrefix("\(link) is a symbolic link"), "\(error)")
            }
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "outside\n")
        #expect(try TestFolder.mode(target) == 0o644)
    }

    @Test("a file found readable by others is made 0600; its contents stay")
    func tightened() throws {
        let folder = try TestFolder("private-tight")
        defer { folder.remove() }
        let path = folder.file("station.sqlite3")
        try Data("kept".utf8).write(to: URL(fileURLWithPath: path))
        try TestFolder.setMode(0o644, path)
        try PrivateFile.create(path)
        #expect(try TestFolder.mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
    }

    @Test("replacing a file puts the new bytes in place whole, private, leaving no temporary file")
    func replace() throws {
        let folder = try TestFolder("private-replace")
        defer { folder.remove() }
        let path = folder.file("words.dict")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try TestFolder.setMode(0o644, path)
        try PrivateFile.replace(path, with: Array("new words".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new words")
        #expect(try TestFolder.mode(path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["words.dict"])
        try PrivateFile.write(Array("x".utf8), toNew: folder.file("fresh"))
        #expect(try TestFolder.mode(folder.file("fresh")) == 0o600)
    }

    @Test("a temporary file of a process that ended is removed; a running one's and every other file stay")
    func abandonedTemporaries() throws {
        let folder = try TestFolder("private-abandoned")
        defer { folder.remove() }
        let ours = PrivateFile.temporaryPath(beside: folder.file("en-US-1f.lm.bin"))
        #expect(ours.hasPrefix(folder.file(".en-US-1f.lm.bin.\(Processes.current).")) && ours.hasSuffix(".tmp"))
        // No process has this id (the kernel's largest is 4,194,304).
        let ended = folder.file(".en-US-2e.lm.bin.2000000000.42.tmp")
        let others = [".en-US-3d.dict.notapid.7.tmp", ".notes.tmp", "en-US-1f.lm.bin", ".en-US-4c.lm.bin.1.x.tmp"]
        for path in [ours, ended] + others.map(folder.file) { try PrivateFile.write(Array("x".utf8), toNew: path) }
        PrivateFile.removeAbandonedTemporaries(in: folder.path)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ([URL(fileURLWithPath: ours).lastPathComponent] + others).sorted())
    }

    @Test("a private folder is made 0700, a loose one tightened, its parents made when asked")
    func directories() throws {
        let folder = try TestFolder("private-dir")
        defer { folder.remove() }
        let nested = folder.file("profiles/anna/en-US")
        try PrivateDirectory.make(nested, creatingParents: true)
        for path in [folder.file("profiles"), folder.file("profiles/anna"), nested] {
            #expect(try TestFolder.mode(path) == 0o700, "\(path)")
        }
        try TestFolder.setMode(0o755, nested)
        try PrivateDirectory.make(nested)
        #expect(try TestFolder.mode(nested) == 0o700)
        try Data().write(to: URL(fileURLWithPath: folder.file("plain")))
        #expect(throws: Errno.self) { try PrivateDirectory.make(folder.file("plain")) }
    }

    @Test("a link in a private folder's place is refused, named; the target is neither written nor chmodded")
    func directoryLinkRefused() throws {
        let folder = try TestFolder("private-dir-link")
        defer { folder.remove() }
        let target = folder.file("elsewhere")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try TestFolder.setMode(0o755, target)
        let link = folder.file("profiles")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        do {
            try PrivateDirectory.make(link)
            Issue.record("the link was followed")
        } catch {
            #expect(error.isLinkRefused, "\(error)")
            #expect(error.description.hasPrefix("\(link) is a symbolic link"), "\(error)")
        }
        #expect(throws: Errno.self) { try PrivateDirectory.openFolder(link) }
        #expect(try TestFolder.mode(target) == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
    }
}
