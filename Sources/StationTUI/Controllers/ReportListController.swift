import Localization
import Observation
import StationCore

/// The report list: urgent first, then the newest, a page at a time; moves in it, opens, edits, plays,
/// signs, exports and takes reports out of use, and filters and searches it (`ReportSearch`). The keys
/// of a session say where they work.
@MainActor
@Observable
final class ReportListController: ScreenController {
    @ObservationIgnored unowned let screen: ScreenModel
    private(set) var reports: [Report] = []
    /// Whether the list has been read from the store yet: until then it is not "No reports yet" (with
    /// 100,000 reports the first frame comes before the first page), and after a failed read it says so.
    private(set) var reading: ReadingState = .notYetRead
    enum ReadingState { case notYetRead, read, failed }
    var selection = 0
    /// The first report in view.
    private(set) var top = 0
    /// Whether more reports than loaded may match.
    @ObservationIgnored private var mayContinue = false
    var searchQuery = ""
    /// Mine, unsigned, urgent: which reports the list shows beside the search.
    private(set) var filters = ReportFilters()
    /// The search being typed, while `/` is active.
    var searchField: TextEditorModel?
    /// Reports stored while a search or filter was on that the list leaves out, so the pane can say
    /// that they came and how to see them.
    private(set) var hiddenArrivals: Set<Int64> = []
    /// The newest report the list showed with no search or filter on.
    @ObservationIgnored private var newestKnown: Int64 = 0

    static let pageSize = 200

    init(screen: ScreenModel) { self.screen = screen }

    var selected: Report? { reports.indices.contains(selection) ? reports[selection] : nil }

    func handle(_ key: Key) -> KeyOutcome {
        if searchField != nil { return handleSearchKey(key) }
        let page = max(1, ScreenLayout.listRows(in: screen.layout.reports) - 1)
        let steps = ReportSteps(screen: screen)
        switch key {
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .pageUp: move(by: -page)
        case .pageDown: move(by: page)
        case .home: move(by: -selection)
        case .end: move(by: reports.count)
        case .enter:
            openSelected()
        case .character("e"):
            openSelected()?.startEditing()
        case .character("E"):
            if let report = selected, ReportCorrection(screen: screen).claim(report) {
                return .effect(.editExternally(report))
            }
        case .character("p"):
            openSelected()?.togglePlayback()
        case .character("S"):
            // A signature attests a reading: the list shows one line of the report, so S signs from its view.
            if let report = selected, let refusal = screen.desk?.refusal(toSign: report, after: nil) {
                return .refused(refusal.description)
            }
        case .character("D"):
            if let question = selected.flatMap(steps.deletionQuestion) { return .open(question) }
        case .character("R"):
            if let field = selected.flatMap(steps.errorReasonField) { return .open(field) }
        case .character("x"):
            if let report = selected { return steps.export(report) }
        case .character("a"): toggleFilter(\.enteredInError)
        case .character("m"): toggleFilter(\.mine)
        case .character("u"): toggleFilter(\.unsigned)
        case .character("!"): toggleFilter(\.urgent)
        case .character(" "): return RecordingKeys.refusal(of: key, then: tr("Tab goes there.")) ?? .handled
        case .character("d"): return explainSessionKey(tr("discards the dictation of"))
        case .character("r"), .function(4): return explainSessionKey(tr("renames"))
        case .delete, .function(8): return explainSessionKey(tr("deletes"))
        case .character("L"): return explainSessionKey(tr("changes the language of"))
        default: return MainScreenKeys.handle(key, on: screen)
        }
        return .handled
    }

    /// A session key pressed here acts on nothing here: say where it works.
    private func explainSessionKey(_ verb: String) -> KeyOutcome {
        .refused(tr("That key \(verb) a session: press Tab to go to the sessions list first."))
    }

    /// Opens the selected report in the report view, over the main screen.
    @discardableResult
    private func openSelected() -> ReportViewController? {
        guard let report = selected else { return nil }
        let view = ReportViewController(report: report, screen: screen)
        screen.open(view)
        return view
    }

    // MARK: Loading

    /// What the list asks the store for: the search and the filters, "mine" meaning the station's author.
    var query: ReportQuery {
        ReportQuery(
            search: searchQuery.isEmpty ? nil : searchQuery, author: filters.mine ? screen.station.author ?? "" : nil,
            unsignedOnly: filters.unsigned, urgentOnly: filters.urgent, includeEnteredInError: filters.enteredInError)
    }

    /// Loads the newest reports matching the search from the start.
    func reload() {
        guard let store = screen.services.reports else {
            reading = .read
            return
        }
        let query = query
        screen.run { [weak self] in
            do {
                let page = try await store.reports(query, limit: Self.pageSize, offset: 0)
                guard let self, self.query == query else { return }
                // At the top, the newest stays selected; further down, the same report does.
                let selectedID = self.selection == 0 ? nil : self.selected?.id
                self.reports = page
                self.reading = .read
                self.mayContinue = page.count == Self.pageSize
                // An open report follows what another station saved or signed, so no one corrects an old copy.
                for view in self.screen.stack.all(ReportViewController.self) {
                    if let fresh = page.first(where: { $0.id == view.state.report.id }), fresh != view.state.report {
                        self.screen.show(fresh)
                    }
                }
                self.selection = page.firstIndex { $0.id == selectedID } ?? 0
                self.screen.keepSelectionsInView()
                try await self.lookForHiddenArrivals(in: store, shown: page, query: query)
            } catch {
                if self?.reading == .notYetRead { self?.reading = .failed }
                self?.screen.notifier.error(tr("The reports could not be read. Check the data directory and restart."))
            }
        }
    }

    /// After a load: with no search or filter, every report is in view, and the newest is remembered;
    /// with one, the reports stored since then that the list leaves out are counted as hidden arrivals.
    private func lookForHiddenArrivals(in store: any ReportStore, shown page: [Report], query: ReportQuery) async throws
    {
        guard isNarrowed else {
            newestKnown = max(newestKnown, page.map(\.id).max() ?? 0)
            hiddenArrivals = []
            return
        }
        let recent = try await store.reports(ReportQuery(), limit: Self.pageSize, offset: 0)
        guard self.query == query else { return }
        let shown = Set(page.map(\.id))
        // Without more pages, the page is every match; with more, only a report that would sort before
        // its last row is known to be left out.
        let complete = page.count < Self.pageSize
        hiddenArrivals = Set(
            recent.filter { report in
                report.id > newestKnown && !shown.contains(report.id)
                    && (complete || page.last.map { ReportOrder.before(report, $0) } ?? true)
            }.map(\.id))
    }

    /// Loads the next page when the selection nears the end of what is loaded.
    private func loadMoreIfNeeded() {
        guard mayContinue, selection >= reports.count - 20, let store = screen.services.reports else { return }
        mayContinue = false
        let query = query
        let offset = reports.count
        screen.run { [weak self] in
            guard let page = try? await store.reports(query, limit: Self.pageSize, offset: offset),
                let self, self.reports.count == offset
            else { return }
            self.reports += page
            self.mayContinue = page.count == Self.pageSize
        }
    }

    /// Puts a report saved or signed just now in place of the copy in the list.
    func replace(_ saved: Report) {
        if let index = reports.firstIndex(where: { $0.id == saved.id }) { reports[index] = saved }
    }

    // MARK: Moving

    func move(by delta: Int) {
        guard !reports.isEmpty else { return }
        selection = min(max(0, selection + delta), reports.count - 1)
        keepInView()
        loadMoreIfNeeded()
    }

    /// Starts again from the top of the list (a new search or filter).
    func selectFirst() {
        selection = 0
        top = 0
    }

    /// Keeps the selected report in view, scrolling as little as possible.
    func keepInView() {
        top = ListScroll.top(
            selection: selection, count: reports.count,
            visible: ScreenLayout.listRows(in: screen.layout.reports), previous: top)
    }

    /// Selects the report clicked at `row` of the pane (0 is its border).
    func click(row: Int) {
        let index = row - 1 + top
        if row > 0, reports.indices.contains(index) { selection = index }
    }

    /// Turns every filter off and reloads the list from its top.
    func clearFilters() {
        filters = ReportFilters()
        selectFirst()
        reload()
    }

    /// Turns one filter on or off and reloads the list from its top.
    private func toggleFilter(_ filter: WritableKeyPath<ReportFilters, Bool>) {
        if filter == \.mine, screen.station.author == nil, !filters.mine {
            screen.notifier.warning(tr("The station does not know who you are, so it cannot show only your reports."))
            return
        }
        filters[keyPath: filter].toggle()
        selectFirst()
        reload()
    }

    var keyHelp: KeyHelpPage {
        if searchField != nil { return searchKeys }
        let desk = screen.desk
        let selected = selected
        let has = selected != nil
        /// Whether the desk allows the step for the selected report.
        func allows(_ refusal: (ReportDesk) -> (Report) -> ReportRefusal?) -> Bool {
            guard let selected else { return false }
            return desk.map { refusal($0)(selected) == nil } ?? true
        }
        return KeyHelpPage(
            tr("Reports"),
            [
                KeyBinding("Enter", tr("Open"), tr("Open the selected report"), applies: has),
                KeyBinding(
                    "e", tr("Edit"), tr("Edit the report's text here"), applies: allows { $0.refusal(toCorrect:) }),
                KeyBinding(
                    "E", "$EDITOR", tr("Edit the report's text in $EDITOR"), applies: allows { $0.refusal(toCorrect:) }),
                KeyBinding("p", tr("Play"), tr("Play the report's audio"), applies: has),
                KeyBinding(
                    "S", tr("Sign"), tr("Signing is in the report view, once you read it: Enter opens it"),
                    applies: false),
                KeyBinding(
                    "x", tr("Export"),
                    tr("Export the report as text with its header, as FHIR or as JSON (asks which)"), applies: has),
                KeyBinding(
                    "D", tr("Delete"), tr("Delete a draft of yours (asks first; a signed report is never deleted)"),
                    applies: allows { $0.refusal(toDelete:) }),
                KeyBinding(
                    "R", tr("In error"),
                    tr("Mark a wrong report entered in error, with a reason (asks first); it is kept"),
                    applies: allows { $0.refusal(toEnterInError:) }),
                KeyBinding("F3 /", tr("Search"), tr("Search the reports (text, session, patient name and id)")),
                KeyBinding(
                    "m", filters.mine ? tr("All authors") : tr("Mine"), tr("Show only your reports, or all again")),
                KeyBinding(
                    "u", filters.unsigned ? tr("Signed too") : tr("Unsigned"),
                    tr("Show only unsigned reports, or all again")),
                KeyBinding(
                    "!", filters.urgent ? tr("Any priority") : tr("Urgent"),
                    tr("Show only urgent reports, or all again")),
                KeyBinding(
                    "a", filters.enteredInError ? tr("Hide in error") : tr("In error too"),
                    tr("Show the reports entered in error too, or leave them out again")),
                KeyBinding("↑↓ PgUp PgDn", tr("Move"), tr("Move in the list"), applies: false),
                KeyBinding("Tab", tr("Sessions"), tr("Switch to the sessions list")),
                KeyBinding(
                    "Esc", searchQuery.isEmpty ? tr("All reports") : tr("Clear"),
                    tr("Clear the search; without one, turn the filters off"), applies: isNarrowed),
                KeyBinding("M", tr("Messages"), tr("Show the latest messages in full"), applies: false),
                KeyBinding("F1 ?", tr("Help"), tr("Show the keys")),
                KeyBinding("F10 q", tr("Quit"), tr("Quit (asks while audio is not sent)")),
            ])
    }
}
