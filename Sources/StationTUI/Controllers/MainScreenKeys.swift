import Localization
import StationCore

/// The keys of the main screen that work whichever of its lists has the focus: quit, switch lists, make
/// a session, choose the locale or the source, search, and a click. Recording is the sessions pane's
/// (`RecordingKeys`). A view over the main screen (a report, the editor) has keys of its own instead.
@MainActor
enum MainScreenKeys {
    static func handle(_ key: Key, on screen: ScreenModel) -> KeyOutcome {
        switch key {
        case .character("q"), .function(10):
            return QuitQuestion.ask(on: screen)
        case .control("c"):
            // Only q and F10 quit: a stray Ctrl-C or Esc must not end a shift.
            return .refused(tr("To quit, press q or F10."))
        case .escape:
            guard screen.reportList.clearNarrowing() else {
                return .refused(tr("Nothing to close here. To quit, press q or F10."))
            }
        case .tab, .backTab:
            screen.focus = screen.focus == .sessions ? .reports : .sessions
        case .character("n"), .function(2):
            return .open(screen.sessionsList.newSessionDialog())
        case .character("l"), .function(5):
            SettingsPickers.openLocale(on: screen)
        case .character("s"), .function(6):
            SettingsPickers.openSource(on: screen)
        case .character(Character(Station.undoDiscardKey)):
            // A discard from the control socket (a pedal pressed by mistake) is undone here.
            let outcome = screen.station.undoDiscard()
            if !outcome.succeeded { return .refused(outcome.message) }
        case .function(7):
            screen.quiet.toggle()
            screen.notifier.info(
                screen.quiet
                    ? tr(
                        "Quiet screen: the timer moves every 10 seconds, no level meter, nothing animates. F7 turns it off."
                    )
                    : tr("Quiet screen off: the timer moves every second, with the level meter. F7 turns it on."))
        case .character("/"), .function(3):
            screen.focus = .reports
            screen.reportList.beginSearch()
        case .mouse(let point):
            click(at: point, on: screen)
        default:
            return .notHandled
        }
        return .handled
    }

    /// Selects what was clicked: a session, a report, or the pane.
    private static func click(at point: Point, on screen: ScreenModel) {
        let layout = screen.layout
        if layout.sessions.contains(point) {
            screen.focus = .sessions
            screen.sessionsList.click(row: point.row - layout.sessions.row)
        } else if layout.reports.contains(point) {
            screen.focus = .reports
            screen.reportList.click(row: point.row - layout.reports.row)
        }
    }
}
