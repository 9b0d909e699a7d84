import Foundation
import Testing

@Suite("Every text a person reads has a Dutch translation")
struct CatalogCompletenessTests {
    @Test("scripts/l10n-extract --check: every tr() text translated in po/nl.po, none fuzzy, msgfmt --check clean")
    func everyTextTranslated() throws {
        let run = try RepositoryTool.run(["python3", "scripts/l10n-extract", "--check"])
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test("a text with line breaks (a multi-line msgid) that is fuzzy fails the check as a one-line text does")
    func multiLineTextChecked() throws {
        let catalog = try String(contentsOf: RepositoryTool.root.appendingPathComponent("po/nl.po"), encoding: .utf8)
        let usage = "msgid \"\"\n\"dictation-station: a terminal dictation station for clinics\\n\""
        let oneLine = "msgid \"No reports yet.\""
        #expect(catalog.contains(usage) && catalog.contains(oneLine))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (name, entry) in [("multi-line", usage), ("one-line", oneLine)] {
            let file = scratch.appendingPathComponent("\(name).po")
            try catalog.replacingOccurrences(of: entry, with: "#, fuzzy\n" + entry).write(
                to: file, atomically: true, encoding: .utf8)
            let run = try RepositoryTool.run(["python3", "scripts/l10n-extract", "--check", "--po", file.path])
            #expect(run.status == 1, "\(name): \(run.errors)")
            #expect(run.errors.contains("a fuzzy translation"), "\(name): \(run.errors)")
        }
        let whole = try RepositoryTool.run(["python3", "scripts/l10n-extract", "--check", "--po", "po/nl.po"])
        #expect(whole.status == 0, "the committed catalog passes: \(whole.errors)")
    }

    @Test("msgfmt --check accepts po/nl.po as it is committed")
    func catalogCompiles() throws {
        let run = try RepositoryTool.run(["msgfmt", "--check", "--output-file=/dev/null", "po/nl.po"])
        #expect(run.status == 0, "\(run.errors)")
    }
}
