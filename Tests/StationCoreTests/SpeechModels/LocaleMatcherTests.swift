import StationCore
import Testing

@Suite("The closest catalog locale to LC_ALL/LANG")
struct LocaleMatcherTests {
    let offered = ["en-US", "nl-NL", "de-DE", "fr-FR", "es-ES", "it-IT", "ru-RU", "zh-CN"]

    @Test(
        "matches language and region, then language, else en-US",
        arguments: [
            (["LANG": "nl_NL.UTF-8"], "nl-NL"),
            (["LANG": "nl_BE.UTF-8"], "nl-NL"),
            (["LANG": "de_AT.UTF-8@euro"], "de-DE"),
            (["LC_ALL": "fr_CA.UTF-8", "LANG": "de_DE.UTF-8"], "fr-FR"),
            (["LC_ALL": "pt_BR.UTF-8", "LANG": "it_IT.UTF-8"], "it-IT"),
            (["LC_ALL": "C", "LANG": "ru_RU.UTF-8"], "ru-RU"),
            (["LANG": "C.UTF-8"], "en-US"),
            (["LANG": "POSIX"], "en-US"),
            (["LANG": "pt_PT.UTF-8"], "en-US"),
            ([:], "en-US"),
            (["LANG": "zh_CN.GB18030"], "zh-CN"),
        ])
    func closest(environment: [String: String], expected: String) {
        #expect(LocaleMatcher.closest(environment: environment, offered: offered) == expected)
    }

    @Test("without en-US in the catalog, the first offered locale is the fallback")
    func fallbackWithoutEnglish() {
        #expect(LocaleMatcher.closest(environment: ["LANG": "pt_PT"], offered: ["nl-NL", "de-DE"]) == "nl-NL")
    }

    @Test("POSIX names become tags")
    func tags() {
        #expect(LocaleMatcher.tag(posix: "en_GB.ISO-8859-1") == "en-GB")
        #expect(LocaleMatcher.tag(posix: "") == nil)
        #expect(LocaleMatcher.tag(posix: "C") == nil)
    }
}
