import Localization

/// Recording acts on the session in view: Space (record, pause, resume), Enter (send) and d (discard)
/// work in the sessions pane, beside the recording pane that shows the session they act on. Anywhere
/// else (a report, the report list, a question) they record nothing and say where they work, and how to
/// get there, so no key starts a recording in a session the person is not looking at.
enum RecordingKeys {
    /// The refusal for a recording key pressed where it does not work; `way` says how to get to the
    /// sessions pane from here ("Esc closes the report."). Nil for any other key.
    static func refusal(of key: Key, then way: String) -> KeyOutcome? {
        switch key {
        case .character(" "): .refused(tr("Space records from the sessions pane. \(way)"))
        case .enter: .refused(tr("Enter sends a dictation from the sessions pane. \(way)"))
        case .character("d"): .refused(tr("d discards a dictation from the sessions pane. \(way)"))
        default: nil
        }
    }

    /// Space only: where Enter and d have meanings of their own (the report list opens with Enter).
    static func spaceRefusal(of key: Key, then way: String) -> KeyOutcome? {
        key == .character(" ") ? refusal(of: key, then: way) : nil
    }
}
