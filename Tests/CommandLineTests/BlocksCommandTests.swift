import Foundation
import StationTestSupport
import Testing

/// `dictation-station blocks`, through the real binary, with a config folder of the test's own.
@Suite("dictation-station blocks")
struct BlocksCommandTests {
    @Test("add, list, give a new text, remove; bad names and texts are refused and change nothing")
    func blocks() throws {
        let folder = try AudioFixtures.temporaryDirectory("cli-blocks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        func station(_ arguments: String...) throws -> (status: Int32, standardOutput: String, standardError: String) {
            let run = try StationBinary.run(arguments, environment: environment)
            return (run.status, run.standardOutput, run.standardError)
        }
        let text = folder.appendingPathComponent("chest.txt")
        try Data("Chest clear to auscultation bilaterally.\nNo wheezes or crackles.\n".utf8).write(to: text)

        #expect(try station("blocks").standardOutput.contains("No text blocks yet"))
        let add = try station("blocks", "add", "Normal", "chest", "exam", "--text-file", text.path)
        #expect(add.status == 0, "\(add.standardError)")
        #expect(add.standardOutput.contains("Say \"insert normal chest exam\""), "\(add.standardOutput)")
        let file = folder.appendingPathComponent("config/dictation-station/text-blocks.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let list = try station("blocks")
        #expect(
            list.standardOutput
                == "NAME\tSAY\tTEXT\nnormal chest exam\tinsert normal chest exam\tChest clear to auscultation bilaterally.\n"
        )

        try Data("Chest clear.".utf8).write(to: text)
        let again = try station("blocks", "add", "normal chest exam", "--text-file", text.path)
        #expect(again.standardOutput.contains("has its new text"), "\(again.standardOutput)")

        let badName = try station("blocks", "add", "chest2", "--text-file", text.path)
        #expect(badName.status == 1)
        #expect(badName.standardError.contains("cannot name a text block"), "\(badName.standardError)")
        let missing = try station("blocks", "add", "advice", "--text-file", folder.appendingPathComponent("no").path)
        #expect(missing.status == 1 && missing.standardError.contains("cannot be read"), "\(missing.standardError)")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("Chest clear.") && !saved.contains("advice") && !saved.contains("chest2"))

        #expect(try station("blocks", "remove", "Normal Chest Exam").status == 0)
        let gone = try station("blocks", "remove", "normal chest exam")
        #expect(gone.status == 1 && gone.standardError.contains("There is no text block"), "\(gone.standardError)")
    }
}
