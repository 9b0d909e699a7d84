import StationCore

/// One key of a pane: how it is written, a short label for the key bar, and a sentence for the help.
public struct KeyBinding: Sendable, Equatable {
    public var keys: String
    public var label: String
    public var help: String
    /// Whether the key bar shows it now (the help lists it always).
    public var applies: Bool

    public init(_ keys: String, _ label: String, _ help: String, applies: Bool = true) {
        self.keys = keys
        self.label = label
        self.help = help
        self.applies = applies
    }
}

/// The keys of whatever is on top of the screen now, for the key bar and the help overlay.
@MainActor
public enum KeyHelp {
    public static func bindings(for model: ScreenModel) -> (title: String, keys: [KeyBinding]) {
        if let dialog = model.dialog { return ("Dialog", dialogKeys(dialog)) }
        if model.editor != nil { return ("Editing a report", editorKeys) }
        if let view = model.reportView { return ("Report", reportViewKeys(view, desk: model.desk)) }
        if model.searchField != nil { return ("Search", searchKeys) }
        return model.focus == .sessions ? ("Sessions", sessionKeys(model)) : ("Reports", reportListKeys(model))
    }

    static func sessionKeys(_ model: ScreenModel) -> [KeyBinding] {
        let session = model.station.selected
        let state = session?.state ?? .notRecording
        let mainLabel = state == .recording ? "Pause" : state == .paused ? "Resume" : "Record"
        return [
            KeyBinding(
                "Space", mainLabel, "Record, pause or resume the selected session", applies: state != .processing),
            KeyBinding(
                "Enter", "Send", "Send the paused dictation to be transcribed", applies: session?.canSend == true),
            KeyBinding(
                "d", "Discard", "Discard the paused dictation (asks first)", applies: session?.canDiscard == true),
            KeyBinding("F2 n", "New", "Make a new session (then its patient, work type and priority)"),
            KeyBinding(
                "i", "Patient", "Set the selected session's patient, work type and priority", applies: session != nil),
            KeyBinding("F4 r", "Rename", "Rename the selected session", applies: session != nil),
            KeyBinding("F8 Del", "Delete", "Delete the selected session (asks first)", applies: session != nil),
            KeyBinding("F5 l", "Locale", "Choose the locale of new sessions"),
            KeyBinding(
                "L", "Language", "Change the language of the selected session and its dictation",
                applies: session.map { model.station.localeChangeRefusal(for: $0) == nil } ?? false),
            KeyBinding("F6 s", "Source", "Choose the capture source"),
            KeyBinding("↑↓ j k", "Select", "Select a session", applies: false),
            KeyBinding("Tab", "Reports", "Switch to the report list"),
            KeyBinding("F3 /", "Search", "Search the reports"),
            KeyBinding("M", "Messages", "Show the latest messages in full", applies: false),
            KeyBinding("F1 ?", "Help", "Show the keys"),
            KeyBinding("F10 q", "Quit", "Quit (asks while audio is not sent)"),
        ]
    }

    static func reportListKeys(_ model: ScreenModel) -> [KeyBinding] {
        let has = model.selectedReport != nil
        let selected = model.selectedReport
        return [
            KeyBinding("Enter", "Open", "Open the selected report", applies: has),
            KeyBinding(
                "e", "Edit", "Edit the report's text here",
                applies: selected.map { model.desk?.refusal(toCorrect: $0) == nil } ?? false),
            KeyBinding(
                "E", "$EDITOR", "Edit the report's text in $EDITOR",
                applies: selected.map { model.desk?.refusal(toCorrect: $0) == nil } ?? false),
            KeyBinding("p", "Play", "Play the report's audio", applies: has),
            KeyBinding(
                "S", "Sign", "Sign the report as you (asks first)",
                applies: selected.map { model.desk?.refusal(toSign: $0) == nil } ?? false),
            KeyBinding("x", "Export", "Export the report as text and JSON", applies: has),
            KeyBinding(
                "D", "Delete", "Delete a draft of yours (asks first; a signed report is never deleted)",
                applies: selected.map { model.desk?.refusal(toDelete: $0) == nil } ?? false),
            KeyBinding(
                "R", "In error", "Mark a wrong report entered in error, with a reason (asks first); it is kept",
                applies: selected.map { model.desk?.refusal(toEnterInError: $0) == nil } ?? false),
            KeyBinding("F3 /", "Search", "Search the reports (text, session, patient name and id)"),
            KeyBinding("m", model.filters.mine ? "All authors" : "Mine", "Show only your reports, or all again"),
            KeyBinding(
                "u", model.filters.unsigned ? "Signed too" : "Unsigned", "Show only unsigned reports, or all again"),
            KeyBinding("!", model.filters.urgent ? "Any priority" : "Urgent", "Show only urgent reports, or all again"),
            KeyBinding(
                "a", model.filters.enteredInError ? "Hide in error" : "In error too",
                "Show the reports entered in error too, or leave them out again"),
            KeyBinding("↑↓ PgUp PgDn", "Move", "Move in the list", applies: false),
            KeyBinding("Space", "Record", "Record, pause or resume the selected session"),
            KeyBinding("Tab", "Sessions", "Switch to the sessions list"),
            KeyBinding("Esc", "Clear", "Clear the search", applies: !model.searchQuery.isEmpty),
            KeyBinding("M", "Messages", "Show the latest messages in full", applies: false),
            KeyBinding("F1 ?", "Help", "Show the keys"),
            KeyBinding("F10 q", "Quit", "Quit (asks while audio is not sent)"),
        ]
    }

    static func reportViewKeys(_ view: ReportViewState, desk: ReportDesk?) -> [KeyBinding] {
        let playing = view.playback != .stopped
        return [
            KeyBinding("e", "Edit", "Edit the text here", applies: desk?.refusal(toCorrect: view.report) == nil),
            KeyBinding(
                "E", "$EDITOR", "Edit the text in $EDITOR", applies: desk?.refusal(toCorrect: view.report) == nil),
            KeyBinding("o Tab", view.showOriginal ? "Text" : "Original", "Show the original transcript or the text"),
            KeyBinding(
                "w W", "Unsure word",
                "Jump to the next (W: previous) word the decoder was unsure of, underlined in the text",
                applies: !view.shownUnsure.marks.isEmpty),
            KeyBinding(
                "p", playing ? (view.playback == .playing ? "Pause" : "Resume") : "Play", "Play or pause the audio"),
            KeyBinding("← →", "±5 s", "Skip back or forward five seconds", applies: playing),
            KeyBinding(
                "S", "Sign", "Sign the report as you (asks first)", applies: desk?.refusal(toSign: view.report) == nil),
            KeyBinding("x", "Export", "Export as text and JSON"),
            KeyBinding(
                "D", "Delete", "Delete this draft of yours (asks first; a signed report is never deleted)",
                applies: desk?.refusal(toDelete: view.report) == nil),
            KeyBinding(
                "R", "In error", "Mark this report entered in error, with a reason (asks first); it is kept",
                applies: desk?.refusal(toEnterInError: view.report) == nil),
            KeyBinding("Space", "Record", "Record, pause or resume the selected session", applies: false),
            KeyBinding("↑↓ PgUp PgDn", "Scroll", "Scroll the text", applies: false),
            KeyBinding("M", "Messages", "Show the latest messages in full", applies: false),
            KeyBinding("F1 ?", "Help", "Show the keys"),
            KeyBinding("Esc q", "Close", "Close the report"),
        ]
    }

    static let editorKeys: [KeyBinding] = [
        KeyBinding("Ctrl-S", "Save", "Save the text as a new revision"),
        KeyBinding("Esc", "Cancel", "Stop editing (asks when there are changes)"),
        KeyBinding("Ctrl-Z", "Undo", "Undo the last change"),
        KeyBinding("Ctrl-←→", "Word", "Move by words (also Alt-B, Alt-F)"),
        KeyBinding("Home End", "Line", "Start or end of the line (also Ctrl-A, Ctrl-E); ↑↓ move by screen rows"),
        KeyBinding("Ctrl-Home Ctrl-End", "Text", "Start or end of the whole text"),
        KeyBinding("PgUp PgDn", "Page", "Move a screenful"),
        KeyBinding("F1", "Help", "Show the keys"),
    ]

    static let searchKeys: [KeyBinding] = [
        KeyBinding("Enter", "Keep", "Keep the search and go to the list"),
        KeyBinding("Esc", "Clear", "Clear the search"),
        KeyBinding("F1", "Help", "Show the keys"),
    ]

    static func dialogKeys(_ dialog: Dialog) -> [KeyBinding] {
        switch dialog {
        case .confirm:
            [
                KeyBinding("y", "Yes", "Do it (only y does: Enter and Esc keep things as they are)"),
                KeyBinding("n Esc Enter", "No", "Leave things as they are"),
            ]
        case .input(_, _, let purpose, _):
            [
                KeyBinding("Enter", "OK", "Accept what is typed"),
                KeyBinding(
                    "Tab", "Patient…", "Make the session, then set its patient, work type and priority",
                    applies: purpose == .newSession),
                KeyBinding("Esc", "Cancel", "Close without changes"),
            ]
        case .picker:
            [
                KeyBinding("↑↓", "Move", "Move in the list"), KeyBinding("Enter", "Choose", "Choose the entry"),
                KeyBinding("Esc", "Cancel", "Close without changes"),
            ]
        case .noSpeech:
            [
                KeyBinding("s y", "Send anyway", "Store it as an empty report, with its audio"),
                KeyBinding("d", "Discard…", "Ask whether to discard it (only y there discards)"),
                KeyBinding("n Esc Enter", "Keep", "Keep it paused and decide later"),
            ]
        }
    }
}
