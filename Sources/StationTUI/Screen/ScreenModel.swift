import Foundation
import Localization
import Observation
import StationCore

/// The panes that take the arrow keys on the main screen.
public enum FocusedPane: Sendable, Equatable {
    case sessions
    case reports
}

/// The screen's state: which list has the focus and what is open over it. A key goes to the top of the
/// stack, or to the focused list when nothing is open; each controller handles its own keys and says
/// what it did. Views only render the controllers' state, so keys, mouse clicks and tests drive the
/// same code.
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
    /// The two lists of the main screen, there for the whole run, under the stack.
    @ObservationIgnored private(set) var sessionsList: SessionsListController!
    @ObservationIgnored private(set) var reportList: ReportListController!
    /// The report view, the editor, the dialogs and the overlays open now.
    private(set) var stack = ScreenStack()
    /// An install in progress, for the title line ("de-DE 42%"); set by whoever runs the installer.
    public var installStatus: String? {
        // An install began or ended: the sessions' model notes change.
        didSet { if (oldValue == nil) != (installStatus == nil) { refreshModelStates() } }
    }
    /// The clinic store the station works on, as the title line names it; nil for the person's own store.
    public var storeName: String?
    public internal(set) var rows = 24
    public internal(set) var columns = 80
    /// Advances while something is processing, so the spinner turns.
    public internal(set) var spinnerPhase = 0
    /// The quiet screen (`--quiet-screen`, F7), for a screen reader: the timer moves only every 10 s,
    /// and nothing animates (no level meter, no spinner), so only what changed is redrawn.
    public var quiet = false
    /// Loads and saves still running, by a number of their own; each removes itself when it ends, so a
    /// whole shift of reloads leaves nothing behind.
    @ObservationIgnored var pending: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var nextTaskNumber = 0
    @ObservationIgnored private var playbackWatch: Task<Void, Never>?
    @ObservationIgnored private var firstFrameShown = false
    @ObservationIgnored private var waitingForFirstFrame: [@MainActor () -> Void] = []
    /// The notice that said why the last key did nothing. It is about that key alone, so the next key
    /// takes it away: left for its 4 s, it cut short the notice of what the next key did ("Created …"
    /// after Tab on the dialog's last step read "Created Ward round for … progress… (+1 more)").
    @ObservationIgnored private var refusal: Int?

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
        sessionsList = SessionsListController(screen: self)
        reportList = ReportListController(screen: self)
        station.onReportAdded = { [weak self] _ in self?.reloadReports() }
        station.onNoSpeech = { [weak self] session in self?.sessionsList.noSpeechFound(in: session) }
        followPlayback()
    }

    var notifier: Notifier { station.notifier }
    public var layout: ScreenLayout { ScreenLayout(rows: rows, columns: columns) }

    // MARK: Keys and the stack

    /// The controller that takes the next key: the top of the stack, else the focused list.
    var top: any ScreenController {
        stack.top ?? (focus == .sessions ? sessionsList : reportList)
    }

    /// The keys of what takes the next key, for the key bar.
    var keyHelp: KeyHelpPage { top.keyHelp }

    /// Handles one key; returns what the terminal must do beyond redrawing.
    @discardableResult
    public func handle(_ key: Key) -> ScreenEffect {
        if key == .resize { return .none }
        if let refusal { notifier.dismiss(refusal) }
        refusal = nil
        let controller = top
        let questionWasOpen = dialog != nil
        let effect = apply(controller.handle(key), of: controller, to: key)
        // A question that waited behind a dialog comes next.
        if questionWasOpen, dialog == nil { sessionsList.askAboutNoSpeech() }
        return effect
    }

    private func apply(_ outcome: KeyOutcome, of controller: any ScreenController, to key: Key) -> ScreenEffect {
        switch outcome {
        case .handled: break
        case .notHandled: screenKey(key, notTakenBy: controller)
        case .refused(let reason): refusal = notifier.post(.info, reason)
        case .open(let next): open(next)
        case .close: close(controller)
        case .replace(let next):
            close(controller)
            open(next)
        case .effect(let effect): return effect
        }
        return .none
    }

    /// The keys of the whole screen, for whatever did not take them: the help and the messages.
    private func screenKey(_ key: Key, notTakenBy controller: any ScreenController) {
        switch key {
        case .function(1), .character("?"):
            open(HelpOverlayController(covering: controller))
        case .character("M"):
            guard !notifier.recent.isEmpty else {
                notifier.info(tr("No messages yet."))
                return
            }
            open(MessagesOverlayController(covering: controller))
        default: break
        }
    }

    func open(_ controller: any ScreenController) { stack.push(controller) }

    /// Takes `controller` off the stack, wherever it is, and lets it give back what it holds.
    func close(_ controller: any ScreenController) {
        if stack.remove(controller) { controller.willClose() }
    }

    /// The dialog on top of every other, as drawn.
    public var dialog: Dialog? { stack.topmost((any DialogController).self)?.dialog }
    /// The open report, as the report view shows it.
    public var reportView: ReportViewState? { stack.topmost(ReportViewController.self)?.state }
    /// The report being edited in place.
    public var editor: ReportEditorState? { stack.topmost(ReportEditorController.self)?.state }

    /// The in-place editor of report `id`, when one is open.
    func editor(of id: Int64) -> ReportEditorController? {
        stack.all(ReportEditorController.self).last { $0.state.report.id == id }
    }

    /// Puts a report saved or signed just now into the list and every open view of it, with its history.
    func show(_ saved: Report) {
        // The list and the view hold reports as lists read them; the view keeps the words on their own.
        let saved = saved.withoutWords
        reportList.replace(saved)
        for view in stack.all(ReportViewController.self) where view.state.report.id == saved.id { view.show(saved) }
    }

    /// Closes every view of report `id` (it was deleted).
    func closeViews(of id: Int64) {
        for view in stack.all(ReportViewController.self) where view.state.report.id == id { close(view) }
    }

    // MARK: For the terminal and the executable

    /// Loads the newest reports matching the search from the start.
    public func reloadReports() { reportList.reload() }

    /// Re-reads the state of every locale's model from the catalog.
    public func refreshModelStates() { sessionsList.refreshModelStates() }

    /// Runs `work` once the terminal shows the first frame (at once if it already does): what start-up
    /// can leave until then, such as loading the decoder, waits for it instead of slowing it down.
    public func afterFirstFrame(_ work: @escaping @MainActor () -> Void) {
        if firstFrameShown { work() } else { waitingForFirstFrame.append(work) }
    }

    /// The terminal shows the first frame.
    public func firstFrameDrawn() {
        guard !firstFrameShown else { return }
        firstFrameShown = true
        let waiting = waitingForFirstFrame
        waitingForFirstFrame = []
        for work in waiting { work() }
    }

    /// Saves what came back from `$EDITOR`; a refused save keeps the text in the in-place editor.
    public func finishExternalEdit(of report: Report, text: String?) {
        ReportCorrection(screen: self).finishExternalEdit(of: report, text: text)
    }

    /// Takes the terminal's new size; everything else is kept.
    public func resize(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        keepSelectionsInView()
        for editor in stack.all(ReportEditorController.self) { editor.resized() }
    }

    /// Keeps the selected session and report in view, scrolling each list as little as possible.
    func keepSelectionsInView() {
        sessionsList.keepInView()
        reportList.keepInView()
    }

    /// Moves the spinner one step; the loop calls this while a session is processing.
    public func tick() { spinnerPhase &+= 1 }

    /// Whether anything animates, so the loop knows to tick.
    public var isAnimating: Bool {
        !quiet && (station.sessions.contains { $0.state == .processing } || installStatus != nil)
    }

    /// The recorded time as the screen shows it: to the second, or on the quiet screen in steps of 10 s.
    public func shown(_ elapsed: Duration) -> Duration {
        guard quiet else { return elapsed }
        return .seconds(elapsed.components.seconds / Self.quietStep * Self.quietStep)
    }

    /// How often the quiet screen's timer moves, in seconds.
    public static let quietStep: Int64 = 10

    // MARK: Work in the background

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

    /// Follows the player's progress for as long as the model lives: the report view playing shows it.
    private func followPlayback() {
        guard let player = services.player else { return }
        playbackWatch = Task { [weak self] in
            for await progress in player.progress {
                guard let self else { return }
                for view in self.stack.all(ReportViewController.self) { view.playbackProgressed(progress) }
            }
        }
    }
}
