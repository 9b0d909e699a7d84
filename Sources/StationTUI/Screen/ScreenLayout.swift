/// Where each pane goes for a terminal size; a pure function of the size, so a resize re-lays out
/// without touching any state.
public struct ScreenLayout: Sendable, Equatable {
    public static let minimumRows = 16
    public static let minimumColumns = 50
    /// From this width on, the sessions list sits beside the recording pane instead of above it.
    public static let sideBySideColumns = 90

    public var rows: Int
    public var columns: Int
    public var title: Rect
    public var sessions: Rect
    public var recording: Rect
    public var reports: Rect
    /// Where the report view and the editor open: everything between the title and the strip.
    public var body: Rect
    public var notifications: Rect
    public var keyBar: Rect

    public var isTooSmall: Bool { rows < Self.minimumRows || columns < Self.minimumColumns }

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        let screen = Rect(row: 0, column: 0, height: rows, width: columns)
        let (title, belowTitle) = screen.splitTop(1)
        let (aboveBar, keyBar) = belowTitle.splitBottom(1)
        let (body, notifications) = aboveBar.splitBottom(rows >= 30 ? 3 : 1)
        self.title = title
        self.keyBar = keyBar
        self.notifications = notifications
        self.body = body
        // The panes grow with the terminal: the top panes take a third of a tall body, the sessions list
        // two fifths of a wide one (so a session's patient and URGENT show), the report list the rest.
        // The panes grow with the terminal: the top panes take a third of a tall body, the sessions list
        // two fifths of a wide one (so a session's patient and URGENT show), the report list the rest.
        let recordingHeight = 8
        if columns >= Self.sideBySideColumns {
            let (top, reports) = body.splitTop(max(recordingHeight, min(body.height / 3, 14)))
            let (sessions, recording) = top.splitLeft(min(max(36, columns * 2 / 5), 64))
            self.sessions = sessions
            self.recording = recording
            self.reports = reports
        } else {
            // Short terminals give the report list what the other panes can spare.
            let roomy = body.height >= 20
            let sessionsHeight = roomy ? min(5 + (body.height - 20) / 4, 10) : 4
            let (sessions, rest) = body.splitTop(sessionsHeight)
            let (recording, reports) = rest.splitTop(roomy ? recordingHeight - 1 : recordingHeight - 2)
            self.sessions = sessions
            self.recording = recording
            self.reports = reports
        }
    }

    /// How many list rows fit in a boxed pane.
    static func listRows(in rect: Rect) -> Int { max(0, rect.height - 2) }
}

/// Keeps a selected row of a list in view, scrolling as little as possible.
enum ListScroll {
    static func top(selection: Int, count: Int, visible: Int, previous: Int) -> Int {
        guard visible > 0, count > visible else { return 0 }
        var top = min(previous, count - visible)
        if selection < top { top = selection }
        if selection >= top + visible { top = selection - visible + 1 }
        return max(0, top)
    }
}
