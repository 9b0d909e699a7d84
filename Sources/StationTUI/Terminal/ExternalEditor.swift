import Foundation

/// Runs `$EDITOR` (or `vi`) on a private temporary copy of a text and returns what it saved.
enum ExternalEditor {
    /// The edited text, or nil when the editor failed or the file could not be read.
    @MainActor
    static func edit(_ text: String, environment: [String: String]) async -> String? {
        let directory = FileManager.default.temporaryDirectory
        let file = directory.appendingPathComponent("dictation-station-\(UUID().uuidString).txt")
        guard
            FileManager.default.createFile(
                atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else { return nil }
        defer { try? FileManager.default.removeItem(at: file) }
        let editor =
            environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor may carry arguments ("code -w"); the file is passed as "$1", never interpolated.
        process.arguments = ["-c", "\(editor) \"$1\"", "dictation-station-editor", file.path]
        let status: Int32? = await withCheckedContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: nil)
            }
        }
        guard status == 0, let data = FileManager.default.contents(atPath: file.path) else { return nil }
        var edited = String(decoding: data, as: UTF8.self)
        // Editors add a final line break; the report did not have one.
        if edited.hasSuffix("\n"), !text.hasSuffix("\n") { edited.removeLast() }
        return edited
    }
}
