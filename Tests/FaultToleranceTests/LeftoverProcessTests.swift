import Foundation
import StationTestSupport
import Testing

/// A test's folder is gone after the test, even when the station left a process behind that writes
/// into it (each full run left a `/tmp/ds-two-places-…` folder: the voice profile training a saved
/// correction starts ran on after the station quit and made its folder again).
@Suite("A test's station folder", .serialized)
struct LeftoverProcessTests {
    @Test("a process left running in the folder is stopped with it, and the folder does not come back")
    func leftoverProcessIsStopped() throws {
        var terminal: StationInTmux? = try StationInTmux("leftover")
        let folder = try #require(terminal?.directory)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "sleep 1.5; mkdir -p \"$0/data/profiles\"", folder.path]
        try writer.run()
        terminal = nil
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        Thread.sleep(forTimeInterval: 2.5)
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the process made it again")
        writer.waitUntilExit()
        #expect(writer.terminationReason == .uncaughtSignal)
    }
}
