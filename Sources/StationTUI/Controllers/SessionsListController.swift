import Localization
import Observation
import StationCore

/// The sessions list and the recording pane beside it: selects a session, and sends, discards, renames,
/// deletes and describes the selected one. The keys of a report say where they work.
@MainActor
@Observable
final class SessionsListController: ScreenController {
    @ObservationIgnored unowned let screen: ScreenModel
    /// The first session in view.
    private(set) var top = 0
    /// The state of each locale's speech model, for the note on a session whose model is missing.
    var modelStates: [String: LocaleInstallState] = [:]
    /// Sessions whose dictation held no recognized word, asked about one at a time.
    @ObservationIgnored var noSpeechQueue: [SessionID] = []
    /// The meter's held peak; advanced as frames are drawn.
    @ObservationIgnored private var peakHold = PeakHold()

    init(screen: ScreenModel) { self.screen = screen }

    var station: Station { screen.station }
    var notifier: Notifier { screen.notifier }

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .character(" "):
            toggleSelected()
            return .handled
        case .enter:
            send()
            return .handled
        case .character("d"):
            return discardQuestion().map { .open($0) } ?? .handled
        case .character("r"), .function(4):
            return renameField().map { .open($0) } ?? .handled
        case .delete, .function(8):
            return deleteQuestion().map { .open($0) } ?? .handled
        case .character("L"):
            SettingsPickers.openSessionLocale(on: screen)
            return .handled
        case .character("i"):
            guard let session = station.selected else {
                notifier.warning("No session is selected.")
                return .handled
            }
            return .open(SessionDetailsDialog(for: session, on: screen))
        case .character("e"), .character("E"), .character("x"), .character("p"), .character("S"), .character("D"),
            .character("R"), .character("a"):
            return .refused("That key works on a report: press Tab to go to the report list first.")
        case .up, .character("k"): station.selectNeighbour(-1)
        case .down, .character("j"): station.selectNeighbour(1)
        case .home:
            if let first = station.sessions.first { station.select(first.id) }
        case .end:
            if let last = station.sessions.last { station.select(last.id) }
        default:
            return MainScreenKeys.handle(key, on: screen)
        }
        keepInView()
        return .handled
    }

    /// Keeps the selected session in view, scrolling as little as possible.
    func keepInView() {
        let index = station.sessions.firstIndex { $0.id == station.selectedID } ?? 0
        top = ListScroll.top(
            selection: index, count: station.sessions.count,
            visible: ScreenLayout.listRows(in: screen.layout.sessions), previous: top)
    }

    /// Selects the session clicked at `row` of the pane (0 is its border).
    func click(row: Int) {
        let index = row - 1 + top
        if row > 0, station.sessions.indices.contains(index) { station.select(station.sessions[index].id) }
    }

    /// The held peak with `level` taken in, at the clock's time; for the level meter.
    func heldPeak(_ level: AudioLevel) -> PeakHold {
        peakHold.update(level, at: screen.services.clock.now)
        return peakHold
    }

    var keyHelp: KeyHelpPage {
        let session = station.selected
        let state = session?.state ?? .notRecording
        let mainLabel = state == .recording ? "Pause" : state == .paused ? "Resume" : "Record"
        return KeyHelpPage(
            "Sessions",
            [
                KeyBinding(
                    "Space", mainLabel, "Record, pause or resume the selected session", applies: state != .processing),
                KeyBinding(
                    "Enter", "Send", "Send the paused dictation to be transcribed", applies: session?.canSend == true),
                KeyBinding(
                    "d", "Discard", "Discard the paused dictation (asks first)", applies: session?.canDiscard == true),
                KeyBinding(
                    Station.undoDiscardKey, "Undo discard", "Bring back the dictation the control socket discarded",
                    applies: station.canUndoDiscard),
                KeyBinding("F2 n", "New", "Make a new session (then its patient, work type and priority)"),
                KeyBinding(
                    "i", "Patient", "Set the selected session's patient, work type and priority",
                    applies: session != nil),
                KeyBinding("F4 r", "Rename", "Rename the selected session", applies: session != nil),
                KeyBinding("F8 Del", "Delete", "Delete the selected session (asks first)", applies: session != nil),
                KeyBinding("F5 l", "Locale", "Choose the locale of new sessions"),
                KeyBinding(
                    "L", "Language", "Change the language of the selected session and its dictation",
                    applies: session.map { station.localeChangeRefusal(for: $0) == nil } ?? false),
                KeyBinding("F6 s", "Source", "Choose the capture source"),
                KeyBinding(
                    "F7", tr("Quiet"),
                    tr("Quiet screen: timer every 10 s, no meter (again: off)"),
                    applies: false),
                KeyBinding("↑↓ j k", "Select", "Select a session", applies: false),
                KeyBinding("Tab", "Reports", "Switch to the report list"),
                KeyBinding("F3 /", "Search", "Search the reports"),
                KeyBinding("M", "Messages", "Show the latest messages in full", applies: false),
                KeyBinding("F1 ?", "Help", "Show the keys"),
                KeyBinding("F10 q", "Quit", "Quit (asks while audio is not sent)"),
            ])
    }
}
