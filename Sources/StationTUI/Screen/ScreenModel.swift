import Foundation
import Observation
import StationCore

/// What the terminal must do after a key that the model cannot do itself.
public enum ScreenEffect: Sendable, Equatable {
    case none
    case quit
    /// Suspend the screen, run `$EDITOR` on the report's text, and hand the result to `finishExternalEdit`.
    case editExternally(Report)
}

/// The panes that take the arrow keys on the main screen.
public enum FocusedPane: Sendable, Equatable {
    case sessions
    case reports
}

/// Whether a report's audio is playing.
public enum PlaybackState: Sendable, Equatable {
    case stopped, playing, paused
}

/// An open report: its text or its original transcript, scrolled, maybe playing.
public struct ReportViewState: Sendable, Equatable {
    public var report: Report {
        didSet { if report.text != oldValue.text || report.originalText != oldValue.originalText { markUnsure() } }
    }
    public var showOriginal = false {
        didSet { unsureSelection = nil }
    }
    /// The decoder's words, loaded when the report opens (the list's reports come without them).
    public var words: [RecognizedWord] = [] {
        didSet { markUnsure() }
    }
    /// The words the decoder was unsure of in the text and in the original transcript.
    public private(set) var unsureInText = UnsureWords.none
    public private(set) var unsureInOriginal = UnsureWords.none
    /// The unsure word jumped to last (`w`, `W`), in the shown text's marks.
    public var unsureSelection: Int?
    public var scroll = 0
    public var playback = PlaybackState.stopped
    /// Who created, corrected, signed and amended it, and when; loaded when the report opens.
    public var history: [ReportEvent] = []
    /// Where the playing audio is and how long it is, from the player.
    public var progress: PlaybackProgress?

    public init(report: Report) {
        self.report = report
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

/// A report whose text is being edited in place.
public struct ReportEditorState: Sendable, Equatable {
    public var report: Report
    public var text: TextEditorModel
}

/// The screen's state and every key's meaning. Views only render it; all changes happen here, so keys,
/// mouse clicks and tests drive the same code.
@MainActor
@Observable
public final class ScreenModel {
    public let station: Station
    let services: ScreenServices
    /// Every step of a report's life goes through it: the screen holds no rule of its own.
    let desk: ReportDesk?
    /// Measures characters as the terminal does, for the editor's vertical moves.
    @ObservationIgnored let measure: (Character) -> Int

    public var focus = FocusedPane.sessions
    public internal(set) var reports: [Report] = []
    public internal(set) var reportSelection = 0
    public internal(set) var reportsTop = 0
    public internal(set) var sessionsTop = 0
    /// Whether more reports than loaded may match.
    var reportsMayContinue = false
    public internal(set) var searchQuery = ""
    /// Mine, unsigned, urgent: which reports the list shows beside the search.
    public internal(set) var filters = ReportFilters()
    /// The search being typed, while `/` is active.
    public internal(set) var searchField: TextEditorModel?
    public internal(set) var dialog: Dialog?
    public internal(set) var helpShown = false
    public internal(set) var reportView: ReportViewState?
    public internal(set) var editor: ReportEditorState?
    /// An install in progress, for the title line ("de-DE 42%"); set by whoever runs the installer.
    public var installStatus: String? {
        // An install began or ended: the sessions' model notes change.
        didSet { if (oldValue == nil) != (installStatus == nil) { refreshModelStates() } }
    }
    /// The state of each locale's speech model, for the note on a session whose model is missing.
    public internal(set) var modelStates: [String: LocaleInstallState] = [:]
    /// Whether the latest messages are shown in full (`M`).
    public internal(set) var messagesShown = false
    /// Sessions whose dictation held no recognized word, asked about one at a time.
    @ObservationIgnored var noSpeechQueue: [SessionID] = []
    @ObservationIgnored var playbackWatch: Task<Void, Never>?
    public internal(set) var rows = 24
    public internal(set) var columns = 80
    /// Advances while something is processing, so the spinner turns.
    public internal(set) var spinnerPhase = 0
    /// Loads and saves still running, by a number of their own; each removes itself when it ends, so a
    /// whole shift of reloads leaves nothing behind.
    @ObservationIgnored var pending: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var nextTaskNumber = 0

    /// The meter's held peak; advanced as frames are drawn.
    @ObservationIgnored var peakHold = PeakHold()

    static let pageSize = 200

    public init(station: Station, services: ScreenServices, measure: @escaping (Character) -> Int = DisplayWidth.of) {
        self.station = station
        self.services = services
        self.measure = measure
        // A running station delivers training requests batched (`Station`), as the author corrects.
        desk = services.reports.map { store in
            ReportDesk(
                store: store, claims: services.editLocks, training: station, clock: services.clock,
                user: station.author)
        }
        station.onReportAdded = { [weak self] _ in self?.reloadReports() }
        station.onNoSpeech = { [weak self] session in self?.noSpeechFound(in: session) }
        followPlayback()
    }

    public var layout: ScreenLayout { ScreenLayout(rows: rows, columns: columns) }

    /// Takes the terminal's new size; everything else is kept.
    public func resize(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        keepSelectionsInView()
    }

    /// The held peak with `level` taken in, at the clock's time; for the level meter.
    func heldPeak(_ level: AudioLevel) -> PeakHold {
        peakHold.update(level, at: services.clock.now)
        return peakHold
    }

    /// Moves the spinner one step; the loop calls this while a session is processing.
    public func tick() { spinnerPhase &+= 1 }

    /// Whether anything animates, so the loop knows to tick.
    public var isAnimating: Bool { station.sessions.contains { $0.state == .processing } || installStatus != nil }

    /// Waits until every load and save started so far has finished; for tests and an orderly exit.
    public func settle() async {
        while let task = pending.values.first {
            await task.value
        }
    }

    func run(_ work: @escaping @MainActor () async -> Void) {
        nextTaskNumber &+= 1
        let number = nextTaskNumber
        // The task cannot start before this returns (both on the main actor), so it is in `pending` when it ends.
        pending[number] = Task { [weak self] in
            await work()
            self?.pending[number] = nil
        }
    }

    var notifier: Notifier { station.notifier }

    // MARK: Reports

    /// Loads the newest reports matching the search from the start.
    public func reloadReports() {
        guard let store = services.reports else { return }
        let query = reportQuery
        run { [weak self] in
            do {
                let page = try await store.reports(query, limit: Self.pageSize, offset: 0)
                guard let self, self.reportQuery == query else { return }
                // At the top, the newest stays selected; further down, the same report does.
                let selectedID = self.reportSelection == 0 ? nil : self.selectedReport?.id
                self.reports = page
                self.reportsMayContinue = page.count == Self.pageSize
                // An open report follows what another station saved or signed, so no one corrects an old copy.
                if let open = self.reportView?.report, let fresh = page.first(where: { $0.id == open.id }),
                    fresh != open
                {
                    self.show(fresh)
                }
                self.reportSelection = page.firstIndex { $0.id == selectedID } ?? 0
                self.keepSelectionsInView()
            } catch {
                self?.notifier.error("The reports could not be read. Check the data directory and restart.")
            }
        }
    }

    /// Loads the next page when the selection nears the end of what is loaded.
    func loadMoreIfNeeded() {
        guard reportsMayContinue, reportSelection >= reports.count - 20, let store = services.reports else { return }
        reportsMayContinue = false
        let query = reportQuery
        let offset = reports.count
        run { [weak self] in
            guard let page = try? await store.reports(query, limit: Self.pageSize, offset: offset),
                let self, self.reports.count == offset
            else { return }
            self.reports += page
            self.reportsMayContinue = page.count == Self.pageSize
        }
    }

    public var selectedReport: Report? {
        reports.indices.contains(reportSelection) ? reports[reportSelection] : nil
    }

    func moveReportSelection(by delta: Int) {
        guard !reports.isEmpty else { return }
        reportSelection = min(max(0, reportSelection + delta), reports.count - 1)
        keepSelectionsInView()
        loadMoreIfNeeded()
    }

    func keepSelectionsInView() {
        let layout = layout
        reportsTop = ListScroll.top(
            selection: reportSelection, count: reports.count, visible: ScreenLayout.listRows(in: layout.reports),
            previous: reportsTop)
        let sessionIndex = station.sessions.firstIndex { $0.id == station.selectedID } ?? 0
        sessionsTop = ListScroll.top(
            selection: sessionIndex, count: station.sessions.count,
            visible: ScreenLayout.listRows(in: layout.sessions), previous: sessionsTop)
    }
}
