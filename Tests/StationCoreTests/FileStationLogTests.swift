import Foundation
import StationCore
import StationTestSupport
import Testing

@Suite("The station log, written by several processes at once")
struct FileStationLogTests {
    @Test("two writers with their own open file (as two processes have) lose no line and split none")
    func twoWritersKeepEveryLine() async throws {
        let folder = try TemporaryFolder("log-writers")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("station.log")
        // Opened one after the other: without appending, the second starts at the first one's offset
        // and writes over its lines.
        let first = FileStationLog(file: file)
        first.log(.info, "first opened")
        let second = FileStationLog(file: file)
        let linesEach = 2_000
        await withTaskGroup(of: Void.self) { group in
            for (name, log) in [("a", first), ("b", second)] {
                group.addTask {
                    for index in 0..<linesEach { log.log(.info, "writer \(name) line \(index)") }
                }
            }
        }
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 * linesEach + 1)
        for name in ["a", "b"] {
            let mine = lines.filter { $0.contains(" writer \(name) line ") }
            #expect(mine.count == linesEach, "writer \(name)")
        }
        #expect(lines.allSatisfy { $0.contains(" info ") }, "every line whole")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test("the file is made by the first line, not at start (0600), and a link in its place gets nothing")
    func openedByTheFirstLine() throws {
        let folder = try TemporaryFolder("log-first-line")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("station.log")
        let log = FileStationLog(file: file)
        #expect(!FileManager.default.fileExists(atPath: file.path), "made before any line")
        log.log(.info, "first line")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasSuffix(" info first line\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        let elsewhere = folder.url.appendingPathComponent("elsewhere.log")
        try Data().write(to: elsewhere)
        let link = folder.url.appendingPathComponent("linked.log")
        let linked = FileStationLog(file: link)
        // Made a link only after the log was made: the first line still refuses it.
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        linked.log(.info, "must not arrive")
        #expect(try Data(contentsOf: elsewhere).isEmpty)
    }
}
