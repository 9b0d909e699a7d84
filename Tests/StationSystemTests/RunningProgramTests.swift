import Foundation
import StationSystem
import Testing

@Suite("The running program's own file and what is shipped beside it")
struct RunningProgramTests {
    @Test("the path is the executable the kernel runs, and its folder holds the build's resources")
    func pathAndFolder() throws {
        let path = try #require(RunningProgram.path)
        #expect(path.hasPrefix("/"))
        #expect(FileManager.default.isExecutableFile(atPath: path))
        let folder = try #require(RunningProgram.folder)
        #expect(path == folder + "/" + (path.split(separator: "/").last.map(String.init) ?? ""))
    }

    @Test("a shipped file is found beside the test runner; a missing one is nil, never a stop")
    func shippedFiles() throws {
        let catalog = try #require(RunningProgram.shippedFile(target: "SpeechModels", "models.json"))
        #expect(catalog.hasSuffix("/DictationStation_SpeechModels.resources/models.json"))
        #expect(FileManager.default.fileExists(atPath: catalog))
        #expect(RunningProgram.shippedFile(target: "SpeechModels", "no-such-file.json") == nil)
        #expect(RunningProgram.shippedFile(target: "NoSuchTarget", "models.json") == nil)
    }
}
