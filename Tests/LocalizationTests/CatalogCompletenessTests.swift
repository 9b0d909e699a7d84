import Testing

@Suite("Every text a person reads has a Dutch translation")
struct CatalogCompletenessTests {
    @Test("scripts/l10n-extract --check: every tr() text translated in po/nl.po, none fuzzy, msgfmt --check clean")
    func everyTextTranslated() throws {
        let run = try RepositoryTool.run(["python3", "scripts/l10n-extract", "--check"])
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test("msgfmt --check accepts po/nl.po as it is committed")
    func catalogCompiles() throws {
        let run = try RepositoryTool.run(["msgfmt", "--check", "--output-file=/dev/null", "po/nl.po"])
        #expect(run.status == 0, "\(run.errors)")
    }
}
