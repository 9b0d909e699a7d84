import Foundation
import StationSystem

/// Runs `$VISUAL`, `$EDITOR` or `vi` on a private copy of a text and returns what it saved.
///
/// vi and nano are started so that they keep no history or swap file outside the copy's folder
/// (`EditorPrivacy`).
///
/// The copy lives in a 0700 folder of the data directory, never in /tmp, and its name carries the
/// station's pid, so a copy left by a station that died while the editor ran is found and removed at
/// the next start without touching a copy another running station is editing.
enum ExternalEditor {
    static let prefix = "edit-"

    /// The edited text, or nil when the editor failed or the file could not be read.
    @MainActor
    static func edit(_ text: String, environment: [String: String], directory: URL) async -> String? {
        guard let file = writeCopy(text, into: directory) else { return nil }
        defer { try? PrivateFile.remove(file.path) }
        let editor =
            environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        // The editor may carry arguments ("code -w"); the file is passed as "$1", never interpolated.
        let command = ([editor] + EditorPrivacy.options(for: editor)).joined(separator: " ")
        let argv = ["/bin/sh", "-c", "\(command) \"$1\"", "dictation-station-editor", file.path]
        let status = await ForegroundChild.run(argv, environment: environment)
        guard status == 0, let data = FileManager.default.contents(atPath: file.path) else { return nil }
        var edited = String(decoding: data, as: UTF8.self)
        // Editors add a final line break; the report did not have one.
        if edited.hasSuffix("\n"), !text.hasSuffix("\n") { edited.removeLast() }
        return edited
    }

    /// Removes the copies of stations that are gone (their pid no longer runs); returns how many.
    @discardableResult
    static func removeLeftovers(in directory: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        // The copies, and the swap files vim keeps beside them (".edit-….txt.swp"): both hold the text.
        for name in names where name.hasPrefix(prefix) || name.hasPrefix("." + prefix) {
            let pid = name.drop { $0 == "." }.dropFirst(prefix.count).prefix { $0.isNumber }
            if let number = Int32(pid), number != Processes.current, Processes.exists(number) { continue }
            if (try? PrivateFile.remove(directory.appendingPathComponent(name).path)) != nil { removed += 1 }
        }
        return removed
    }

    /// Creates the folder 0700 (refusing a symlink in its place, or a folder of another account) and the
    /// copy 0600 before any byte is written.
    private static func writeCopy(_ text: String, into directory: URL) -> URL? {
        guard (try? PrivateDirectory.make(directory.path)) != nil else { return nil }
        let file = directory.appendingPathComponent("\(prefix)\(Processes.current)-\(UUID().uuidString).txt")
        guard (try? PrivateFile.write(Array(text.utf8), toNew: file.path)) != nil else { return nil }
        return file
    }
}
