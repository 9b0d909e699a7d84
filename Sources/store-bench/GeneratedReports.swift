import Foundation
import StationCore

/// Deterministic, plausible reports for the benchmark: clinical words, names with and without
/// diacritics, so that searches match a realistic share of rows.
struct GeneratedReports {
    private static let names = [
        "Jansen", "Özdemir", "de Vries", "Bakker", "Müller", "Nguyen", "Kowalski", "Dubois", "Haddad", "Svensson",
        "Álvarez", "Okafor", "Schmidt", "Rossi", "Novák", "Yılmaz", "Smit", "Peeters", "Fischer", "Brown",
    ]
    private static let words = """
        patient reports mild pain in the left knee since yesterday evening blood pressure one hundred thirty over \
        eighty pulse regular temperature normal wound clean and dry dressing changed medication given as \
        prescribed slept well appetite good mobilised with walking frame family informed plan review tomorrow \
        morning physiotherapy continue fluids monitor glucose before meals insulin adjusted breathing comfortable \
        oxygen saturation ninety six percent on room air skin intact pressure areas checked no redness catheter \
        draining well urine clear bowels opened mood calm oriented to time and place
        """.split(separator: " ").map(String.init)

    private var state: UInt64

    init(seed: UInt64 = 0x5EED) { state = seed }

    /// The next pseudo-random number (a 64-bit linear congruential generator: fast and repeatable).
    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    /// A report created `index` minutes after a fixed origin.
    mutating func report(_ index: Int) -> NewReport {
        let name = Self.names[next(Self.names.count)]
        let room = 1 + next(40)
        let text = (0..<(40 + next(40))).map { _ in Self.words[next(Self.words.count)] }.joined(separator: " ")
        return NewReport(
            sessionName: "Room \(room) – \(name)", locale: "en-US",
            created: Date(timeIntervalSince1970: 1_780_000_000 + Double(index) * 60),
            audioDuration: .seconds(20 + next(200)), audioFile: nil,
            text: "Mrs \(name), room \(room). \(text).")
    }
}
