import Foundation
import Testing

@testable import StationTUI

@Suite("$EDITOR edits a private copy of the text")
@MainActor
struct ExternalEditorTests {
    @Test("what the editor saves comes back; the copy is 0600 while it runs and gone after")
    func edits() async throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("ds-editor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: record) }
        // An "editor" that notes the file's mode and path, then corrects a word in place.
        let editor = "f() { stat -c '%a %n' \"$1\" > \(record.path); sed -i 's/patent/patient/' \"$1\"; }; f"
        let edited = await ExternalEditor.edit("the patent is well", environment: ["EDITOR": editor])
        #expect(edited == "the patient is well")
        let noted = try String(contentsOf: record, encoding: .utf8).split(separator: " ")
        #expect(noted.first == "600")
        let copy = try #require(noted.last).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!FileManager.default.fileExists(atPath: copy), "the temporary copy is removed")
    }

    @Test("an editor that fails leaves nothing to save")
    func fails() async {
        #expect(await ExternalEditor.edit("text", environment: ["EDITOR": "false"]) == nil)
    }
}
