import Testing

@testable import StationTUI

@Suite("ncursesw links")
struct CursesLinkTests {
    @Test("reports the library's version")
    func version() {
        #expect(CursesLibrary.version.hasPrefix("ncurses 6"), "version \(CursesLibrary.version)")
    }
}
