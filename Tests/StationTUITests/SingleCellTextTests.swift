import Testing

@testable import StationTUI

/// The fast path for the borders, marks and dots of every frame measures and cuts as the character by
/// character path does.
@Suite("Text of single-cell scalars")
struct SingleCellTextTests {
    static let samples = [
        "┌─ Sessions ◂ ────┐", "│ Anna Jansen · MRN 3005 │", "▸ #12 today 21:59 ±", "↑ 3 more ↓", "café – “quoted” …",
        "µ ß ñ ×÷ ¶ ©", "▒░▓█ ■□▪▫",
    ]

    @Test("every scalar of the set takes one cell and is a character of its own")
    func eachScalarOneCell() {
        for range: ClosedRange<UInt32> in [
            0x20...0x7E, 0xA0...0x2FF, 0x2010...0x205E, 0x2190...0x21FF, 0x2500...0x25FF,
        ] {
            for value in range {
                guard let scalar = Unicode.Scalar(value), DisplayWidth.isSingleCell(value) else { continue }
                let character = Character(scalar)
                #expect(DisplayWidth.of(character) == 1, "U+\(String(value, radix: 16))")
                // Beside another of the set it stays its own character: no cluster joins two.
                #expect("\(character)\(character)─".count == 3, "U+\(String(value, radix: 16))")
            }
        }
        #expect(!DisplayWidth.isSingleCell(0xAD), "the soft hyphen is zero width")
        #expect(!DisplayWidth.isSingleCell(0x25FE), "◾ is an emoji, two cells")
        #expect(!DisplayWidth.isSingleCell(0x0301), "a combining mark joins the character before it")
    }

    @Test("measuring and cutting agree with the character by character way")
    func agreesWithClusters() {
        let fit = TextFit()
        for text in Self.samples {
            #expect(DisplayWidth.singleCellCount(text) != nil, "\(text)")
            #expect(fit.width(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
            for width in 0...(text.count + 1) {
                let cut = fit.truncated(text, to: width)
                #expect(cut.width == DisplayWidth.of(cut.text), "\(text) at \(width)")
                if text.count <= width {
                    #expect(cut.text == text)
                } else {
                    #expect(cut.text == (width == 0 ? "" : String(text.prefix(width - 1)) + "…"), "\(text) at \(width)")
                }
            }
        }
    }

    @Test("text with a wide or joined character still cuts by clusters")
    func clustersStillCut() {
        let fit = TextFit()
        #expect(DisplayWidth.singleCellCount("Jansen 漢字") == nil)
        #expect(fit.truncated("ab漢字cd", to: 4) == ("ab…", 3))
        #expect(fit.truncated("e\u{301}e\u{301}e\u{301}", to: 2) == ("e\u{301}…", 2))
        #expect(fit.width("┌─漢─┐") == 6)
    }
}
