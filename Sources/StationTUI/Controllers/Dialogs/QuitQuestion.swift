import Localization
import StationCore

/// `q`: quits at once when nothing would be lost, else asks first, naming what holds audio not sent yet
/// and an edit not saved. The question is drawn as things stand now, so it never goes stale.
@MainActor
enum QuitQuestion {
    static func ask(on screen: ScreenModel) -> KeyOutcome {
        guard concerns(on: screen) != nil else { return .effect(.quit) }
        return .open(
            ConfirmDialogController(
                title: tr("Quit?"), asking: { [unowned screen] in question(on: screen) }, action: .quit,
                yes: { .effect(.quit) }))
    }

    /// What quitting now would leave behind, naming the sessions; nil when nothing.
    static func concerns(on screen: ScreenModel) -> String? {
        var parts: [String] = []
        let holding = screen.station.sessions.filter(\.hasUnsentAudio)
        if !holding.isEmpty {
            let names = holding.map { "\"\($0.name)\" (\(stateWords($0)))" }
            let listed = Wording.list(names)
            parts.append(
                tr(
                    names.count, one: "\(listed) holds audio not sent yet. It is kept and comes back paused next time.",
                    other: "\(listed) hold audio not sent yet. It is kept and comes back paused next time."))
        }
        if let editor = screen.editor, editor.text.isDirty {
            parts.append(tr("Your changes to report #\(editor.report.id) are not saved and will be lost."))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The quit dialog's question, as things stand now.
    static func question(on screen: ScreenModel) -> String {
        concerns(on: screen).map { tr("\($0) Quit now?") } ?? tr("Nothing is left unsent any more. Quit now?")
    }

    static func stateWords(_ session: DictationSession) -> String {
        let time = ElapsedTimeFormat.string(for: session.elapsed)
        switch session.state {
        case .recording: return tr("recording, \(time)")
        case .paused: return tr("paused, \(time)")
        case .processing: return tr("being transcribed")
        case .notRecording: return tr("idle")
        }
    }
}

/// Words the screen's messages share.
enum Wording {
    /// "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + tr(" and ") + items[items.count - 1]
    }
}
