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
                notifier.warning(tr("No session is selected."))
                return .handled
            }
            return .open(SessionDetailsDialog(for: session, on: screen))
        case .character("e"), .character("E"), .character("x"), .character("p"), .character("S"), .character("D"),
            .character("R"), .character("a"):
            return .refused(tr("That key works on a report: press Tab to go to the report list first."))
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
        let mainLabel = state == .recording ? tr("Pause") : state == .paused ? tr("Resume") : tr("Record")
        return KeyHelpPage(
            tr("Sessions"),
            [
                KeyBinding(
                    "Space", mainLabel, tr("Record, pause or resume the selected session"),
                    applies: state != .processing),
                KeyBinding(
                    "Enter", tr("Send"), tr("Send the paused dictation to be transcribed"),
                    applies: session?.canSend == true),
                KeyBinding(
                    "d", tr("Discard"), tr("Discard the paused dictation (asks first)"),
                    applies: session?.canDiscard == true),
                KeyBinding(
                    Station.undoDiscardKey, tr("Undo discard"),
                    tr("Bring back the dictation the control socket discarded"),
                    applies: station.canUndoDiscard),
                KeyBinding("F2 n", tr("New"), tr("Make a new session (then its patient, work type and priority)")),
                KeyBinding(
                    "i", tr("Patient"), tr("Set the selected session's patient, work type and priority"),
                    applies: session != nil),
                KeyBinding("F4 r", tr("Rename"), tr("Rename the selected session"), applies: session != nil),
                KeyBinding(
                    "F8 Del", tr("Delete"), tr("Delete the selected session (asks first)"), applies: session != nil),
                KeyBinding("F5 l", tr("Locale"), tr("Choose the locale of new sessions")),
                KeyBinding(
                    "L", tr("Language"), tr("Change the language of the selected session and its dictation"),
                    applies: session.map { station.localeChangeRefusal(for: $0) == nil } ?? false),
                KeyBinding("F6 s", tr("Source"), tr("Choose the capture source")),
                KeyBinding(
                    "F7", tr("Quiet"),
                    tr("Quiet screen: timer every 10 s, no meter (again: off)"),
                    applies: false),
                KeyBinding("↑↓ j k", tr("Select"), tr("Select a session"), applies: false),
                KeyBinding("Tab", tr("Reports"), tr("Switch to the report list")),
                KeyBinding("F3 /", tr("Search"), tr("Search the reports")),
                KeyBinding("M", tr("Messages"), tr("Show the latest messages in full"), applies: false),
                KeyBinding("F1 ?", tr("Help"), tr("Show the keys")),
                KeyBinding("F10 q", tr("Quit"), tr("Quit (asks while audio is not sent)")),
            ])
    }
}
