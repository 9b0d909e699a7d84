import Foundation
import Testing

@testable import StationTUI

@Suite("$EDITOR edits a private copy of the text inside the data directory")
@MainActor
struct ExternalEditorTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ds-editing-\(UUID().uuidString)")

    @Test("what the editor saves comes back; the copy is 0600 in the 0700 folder while it runs and gone after")
    func edits() async throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("ds-editor-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: record)
            try? FileManager.default.removeItem(at: directory)
        }
        // An "editor" that notes the file's mode and path and its folder's mode, then corrects a word in place.
        let editor =
            "f() { stat -c '%a %n' \"$1\" > \(record.path); stat -c '%a' \"$(dirname \"$1\")\" >> \(record.path); "
            + "sed -i 's/patent/patient/' \"$1\"; }; f"
        let edited = await ExternalEditor.edit(
            "the patent is well", environment: ["EDITOR": editor, "PATH": "/usr/bin:/bin"], directory: directory)
        #expect(edited == "the patient is well")
        let noted = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        let file = try #require(noted.first).split(separator: " ")
        #expect(file.first == "600")
        #expect(noted.last == "700", "the folder is private")
        let copy = String(try #require(file.last))
        #expect(copy.hasPrefix(directory.path), "the copy is in the data directory, not /tmp: \(copy)")
        #expect(!FileManager.default.fileExists(atPath: copy), "the copy is removed")
    }

    @Test("an editor that fails leaves nothing to save")
    func fails() async {
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await ExternalEditor.edit("text", environment: ["EDITOR": "false"], directory: directory) == nil)
    }

    @Test("copies left by stations that are gone are removed; a running station's copy is kept")
    func leftovers() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // pid_max on Linux is at most 4194304, so this pid never runs.
        let dead = directory.appendingPathComponent("edit-4194999-abc.txt")
        let alive = directory.appendingPathComponent("edit-1-abc.txt")
        let swap = directory.appendingPathComponent(".edit-4194999-abc.txt.swp")
        let other = directory.appendingPathComponent("notes.txt")
        for file in [dead, swap, alive, other] { try Data("text".utf8).write(to: file) }
        #expect(ExternalEditor.removeLeftovers(in: directory) == 2)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(!FileManager.default.fileExists(atPath: swap.path), "vim's swap file holds the text too")
        #expect(FileManager.default.fileExists(atPath: alive.path), "pid 1 runs: that copy may be in use")
        #expect(FileManager.default.fileExists(atPath: other.path), "only the editor's copies are touched")
    }

    @Test("vi and nano by any path or variant get their no-history options; other editors are left as they are")
    func privacyOptions() {
        for vim in ["vi", "vim", "/usr/bin/vim.tiny", "vim.basic -u NONE", "nvim"] {
            #expect(EditorPrivacy.options(for: vim) == ["-i", "NONE", "-n"], "\(vim)")
        }
        #expect(EditorPrivacy.options(for: "/usr/bin/nano -l") == ["--ignorercfiles"])
        for other in ["code -w", "emacs", "true", "", "envy"] { #expect(EditorPrivacy.options(for: other) == []) }
    }
}
