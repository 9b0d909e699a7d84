import Localization

/// What the question before a signature says, for every way in (the screen's dialog, `reports sign` on
/// a terminal): the report, how many of the words the decoder was unsure of were never visited, and how
/// its text begins, so no one attests a text they did not look at.
public struct SigningQuestion: Sendable, Equatable {
    public var report: Report
    /// The unsure words still in the text, as `UnsureWords` marks them.
    public var unsure: [UnsureWords.Mark]
    /// Of those, the ones the person never went to.
    public var unvisited: [UnsureWords.Mark]

    /// The longest opening shown, in characters.
    public static let openingLength = 160

    public init(report: Report, reading: ReportReading) {
        self.report = report
        unsure = UnsureWords(words: report.words, text: report.text).marks
        unvisited = unsure.filter { !reading.visited.contains($0.wordIndex) }
    }

    /// "3 of 5 words the decoder was unsure of were never visited", "The 2 words the decoder was unsure
    /// of were all visited", or nil when it was sure of every word left in the text.
    public var unsureSummary: String? {
        guard !unsure.isEmpty else { return nil }
        if unvisited.isEmpty {
            let count = unsure.count
            return tr(
                count, one: "The one word the decoder was unsure of was visited.",
                other: "The \(count) words the decoder was unsure of were all visited.")
        }
        let list = Self.quoted(unvisited.prefix(5).map(\.word.text)) + (unvisited.count > 5 ? ", …" : "")
        let (left, all) = (unvisited.count, unsure.count)
        if all == 1 { return tr("The one word the decoder was unsure of was never visited (\(list)).") }
        return tr(
            left, one: "\(left) of \(all) words the decoder was unsure of was never visited (\(list)).",
            other: "\(left) of \(all) words the decoder was unsure of were never visited (\(list)).")
    }

    /// The start of the text on one line, cut at a word with "…" when longer than `openingLength`.
    public var opening: String {
        let flat = SafeText.line(report.text.split(whereSeparator: \.isNewline).joined(separator: " "))
        guard flat.count > Self.openingLength else { return flat }
        let cut = flat.prefix(Self.openingLength)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord.trimmingCharacters(in: .whitespaces) + " …"
    }

    private static func quoted(_ words: [String]) -> String {
        words.map { "\"\(SafeText.line($0))\"" }.joined(separator: ", ")
    }
}
