/// What a person was shown of a report before signing it: the text as it stood on their screen, and
/// which of the words the decoder was unsure of they went to (`w`/`W` in the report view). A signature
/// attests this reading: the desk signs only a report whose text is the one shown, and its question
/// says how many unsure words were never visited.
public struct ReportReading: Sendable, Equatable {
    public let reportID: Int64
    /// The text shown.
    public private(set) var text: String
    /// The decoder's words visited, by their index in the report's words.
    public private(set) var visited: Set<Int> = []

    /// `report`'s text is shown now (the report view opened, or the command line printed it).
    public init(showing report: Report) {
        reportID = report.id
        text = report.text
    }

    /// A newer text of the report is shown in its place (saved here, or changed at another station).
    public mutating func show(_ report: Report) {
        guard report.id == reportID else { return }
        text = report.text
    }

    /// The person went to an unsure word.
    public mutating func visit(_ mark: UnsureWords.Mark) { visited.insert(mark.wordIndex) }
}
