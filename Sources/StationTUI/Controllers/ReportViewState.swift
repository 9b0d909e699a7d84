import StationCore

/// Whether a report's audio is playing.
public enum PlaybackState: Sendable, Equatable {
    case stopped, playing, paused
}

/// An open report: its text or its original transcript, scrolled, maybe playing.
public struct ReportViewState: Sendable, Equatable {
    public var report: Report {
        didSet {
            if report.text != oldValue.text || report.originalText != oldValue.originalText { markUnsure() }
            reading.show(report)
        }
    }
    /// What the view showed of the report and which unsure words were gone to: what a signature attests.
    public private(set) var reading: ReportReading
    public var showOriginal = false {
        didSet { unsureSelection = nil }
    }
    /// The decoder's words, loaded when the report opens (the list's reports come without them).
    public var words: [RecognizedWord] = [] {
        didSet { markUnsure() }
    }
    /// Whether the decoder's words were read (the list's reports come without them), so the question
    /// before signing counts the unsure words.
    public var wordsRead = false
    /// The words the decoder was unsure of in the text and in the original transcript.
    public private(set) var unsureInText = UnsureWords.none
    public private(set) var unsureInOriginal = UnsureWords.none
    /// The unsure word jumped to last (`w`, `W`), in the shown text's marks.
    public var unsureSelection: Int? {
        didSet {
            if let unsureSelection, shownUnsure.marks.indices.contains(unsureSelection) {
                reading.visit(shownUnsure.marks[unsureSelection])
            }
        }
    }
    public var scroll = 0
    public var playback = PlaybackState.stopped
    /// The unsure word (`unsureSelection`) the playback started from, so `p` after `w` plays from the next.
    public var playbackWord: Int?
    /// Who created, corrected, signed and amended it, and when; loaded when the report opens.
    public var history: [ReportEvent] = []
    /// Where the playing audio is and how long it is, from the player.
    public var progress: PlaybackProgress?

    public init(report: Report) {
        self.report = report
        reading = ReportReading(showing: report)
        words = report.words
        markUnsure()
    }

    /// The unsure words of what is shown: the text, or the original transcript.
    public var shownUnsure: UnsureWords { showOriginal ? unsureInOriginal : unsureInText }

    private mutating func markUnsure() {
        unsureInText = UnsureWords(words: words, text: report.text)
        unsureInOriginal = UnsureWords(words: words, text: report.originalText)
        if let selection = unsureSelection, selection >= shownUnsure.marks.count { unsureSelection = nil }
    }
}
