import Foundation
import Localization
import Testing

// The literals below go through `sample`, which the extractor is told to read as it reads `tr`: the keys it
// derives from this file's source must be the ones LocalizedText builds from the same literals at run time.
private func sample(_ text: LocalizedText) -> LocalizedText { text }
private func sample(_ count: Int, one: LocalizedText, other: LocalizedText) -> LocalizedText { other }

private struct Holder {
    func sample(_ key: String) -> String { key }
}

@Suite("scripts/l10n-extract reads a tr() literal into the key LocalizedText builds")
struct ExtractorAgreementTests {
    static let name: String? = "Room 12"
    static let count = 3

    /// Every form of literal the sources may use, in the order they appear in this file.
    static let samples: [LocalizedText] = [
        sample("Plain text."),
        sample("Paused at \(count)."),
        sample("\(name ?? "no name") — \(count * (2 + 1)) of \(sample("nested \(count)").key)"),
        sample("Escapes: \\ \" \t \n \u{E9} \u{1F600} 'quoted'"),
        sample(#"Raw: \n "\#(count)" \(not interpolated)"#),
        sample(
            """
            Multi-line \(count)
              indented, "quoted"
            joined \
            here
            """),
        sample(count, one: "\(count) report", other: "\(count) reports"),
        sample("Unicode: patiënt, één, ‘quotes’"),
        // A comment just before the call that ends with a full stop.
        sample("After a comment."),
    ]

    /// A method of the same name is not the keyword: the extractor leaves it out.
    static let notAText = Holder().sample("Not a text.")

    @Test("The extractor's keys are Swift's, literal for literal")
    func sameKeys() throws {
        let source = URL(fileURLWithPath: #filePath).path
        let run = try RepositoryTool.run(["python3", "scripts/l10n-extract", "--keys", source, "--keyword", "sample"])
        try #require(run.status == 0, "\(run.errors)")
        let found = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let keys = (found?["keys"] as? [Any] ?? []).map { key in
            // A plural entry is [one, other]; `sample` hands back `other`.
            (key as? [String])?.last ?? key as? String ?? ""
        }
        // The nested sample's key comes right after the one it is nested in.
        var expected = Self.samples.map(\.key)
        expected.insert("nested {0}", at: 3)
        #expect(keys == expected)
    }

    @Test("The interpolated expressions go to the translators, a call's text that is not a literal is named")
    func commentsAndProblems() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-\(UUID()).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        // TRANSLATORS: a session's name, then the time
        let a = tr("Recording \\(session.name) since \\(time).")
        let b = tr(message)
        """.write(to: file, atomically: true, encoding: .utf8)
        let run = try RepositoryTool.run(["python3", "scripts/l10n-extract", "--keys", file.path])
        let found = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(found?["keys"] as? [String] == ["Recording {0} since {1}."])
        #expect(
            found?["comments"] as? [[String]] == [
                ["TRANSLATORS: a session's name, then the time", "{0}: session.name", "{1}: time"]
            ])
        let problems = found?["problems"] as? [String] ?? []
        #expect(
            problems.count == 1
                && problems[0].hasSuffix(":3: the text of tr(message…) is not a string literal at the call"))
    }
}
