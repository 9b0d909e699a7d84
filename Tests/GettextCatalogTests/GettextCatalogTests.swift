import Foundation
import Glibc
import StationCore
import Testing

@testable import GettextCatalog
@testable import Localization

/// The real catalog: po/nl.po as msgfmt compiled it during the build, read through glibc's gettext.
/// The process's locale is changed only inside this suite, and set back after each test.
@Suite("GettextCatalog: the compiled Dutch catalog behind tr", .serialized)
struct GettextCatalogTests {
    /// Runs `body` with gettext asked for `language` (LANGUAGE, in C.UTF-8) and the catalog behind `tr`.
    private func withLanguage(_ language: String?, _ body: () throws -> Void) rethrows {
        let previous = String(cString: setlocale(LC_ALL, nil))
        if let language { setenv("LANGUAGE", language, 1) } else { unsetenv("LANGUAGE") }
        // setlocale also tells gettext to forget what it looked up for the language before.
        setlocale(LC_ALL, "C.UTF-8")
        InterfaceLanguage.bindCatalog()
        Translation.use(GettextCatalog())
        defer {
            Translation.use(nil)
            unsetenv("LANGUAGE")
            setlocale(LC_ALL, previous)
        }
        try body()
    }

    @Test("The catalogs are found beside the test runner, as the build put them")
    func catalogFolder() throws {
        let folder = try #require(InterfaceLanguage.catalogFolder())
        #expect(FileManager.default.fileExists(atPath: "\(folder)/nl/LC_MESSAGES/dictation-station.mo"))
    }

    @Test("Dutch: a text with its values where the translation puts them")
    func dutch() {
        withLanguage("nl") {
            #expect(tr("Report ready for \("Kamer 12").") == "Verslag klaar voor Kamer 12.")
            #expect(tr("Report \(14) is signed already by \("anna").") == "Verslag 14 is al ondertekend door anna.")
            #expect(ReportStatusWords.signed == "ondertekend")
        }
    }

    @Test("Dutch plurals follow the catalog's Plural-Forms")
    func plurals() {
        withLanguage("nl") {
            let line = { (n: Int) in
                tr(
                    n, one: "\(n) recording in audio/ has no report: run dictation-station recover",
                    other: "\(n) recordings in audio/ have no report: run dictation-station recover")
            }
            #expect(line(1) == "1 opname in audio/ zonder verslag: voer dictation-station recover uit")
            #expect(line(2) == "2 opnamen in audio/ zonder verslag: voer dictation-station recover uit")
            #expect(line(0) == "0 opnamen in audio/ zonder verslag: voer dictation-station recover uit")
        }
    }

    @Test("A language without a catalog, or a text without a translation, stays English")
    func fallback() {
        withLanguage("fr") {
            #expect(GettextCatalog().translation(of: "Report ready for {0}.") == nil)
            #expect(tr("Report ready for \("Room 12").") == "Report ready for Room 12.")
        }
        withLanguage("nl") {
            #expect(GettextCatalog().translation(of: "A text the catalog does not have") == nil)
            #expect(GettextCatalog().translation(of: "") == nil, "the empty key is the header, not a text")
            #expect(GettextCatalog().translation(one: "{0} apple", other: "{0} apples", count: 2) == nil)
        }
    }

    @Test("A language asked for in a locale the machine has not generated still counts")
    func requestedLanguage() {
        #expect(InterfaceLanguage.requestedLanguage(["LANG": "nl_BE.UTF-8"]) == "nl_BE")
        #expect(InterfaceLanguage.requestedLanguage(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8"]) == "nl_NL")
        #expect(InterfaceLanguage.requestedLanguage(["LC_ALL": "nl_NL", "LC_MESSAGES": "fr_FR.UTF-8"]) == "nl_NL")
        #expect(InterfaceLanguage.requestedLanguage(["LANGUAGE": "nl", "LANG": "fr_FR.UTF-8"]) == nil)
        #expect(InterfaceLanguage.requestedLanguage(["LANG": "C.UTF-8"]) == nil)
        #expect(InterfaceLanguage.requestedLanguage([:]) == nil)
    }
}

/// The status word as the core says it, reached without the core: the same key, looked up here.
private enum ReportStatusWords {
    static var signed: String { tr("signed") }
}

@Suite("Dates and durations in Dutch, from the compiled catalog", .serialized)
struct DutchTimeWordsTests {
    @Test("1 december 2026 21:30, gisteren 21:30, 1 minuut 12 seconden")
    func dutchTimes() {
        setenv("LANGUAGE", "nl", 1)
        setlocale(LC_ALL, "C.UTF-8")
        InterfaceLanguage.bindCatalog()
        Translation.use(GettextCatalog())
        defer {
            Translation.use(nil)
            unsetenv("LANGUAGE")
            setlocale(LC_ALL, "C")
        }
        let date = Date(timeIntervalSince1970: 1_796_157_000)
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        #expect(DateWording.full(date, in: amsterdam) == "1 december 2026 21:30")
        let wording = DateWording(now: date.addingTimeInterval(86_400), timeZone: amsterdam)
        #expect(wording.short(date) == "gisteren 21:30")
        #expect(wording.short(date.addingTimeInterval(82_800)) == "vandaag 20:30")
        #expect(wording.short(date.addingTimeInterval(-86_400)) == "2026-11-30 21:30")
        #expect(wording.full(date) == "1 december 2026 21:30")
        #expect(TimeWords.duration(.seconds(72)) == "1 minuut 12 seconden")
        #expect(TimeWords.duration(.seconds(3601)) == "1 uur 1 seconde")
        #expect(TimeWords.duration(.seconds(7200)) == "2 uur")
    }
}
