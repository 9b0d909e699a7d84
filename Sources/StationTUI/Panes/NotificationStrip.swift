import Localization
import StationCore

/// The newest notifications, one per row, coloured by kind; the last row says how many more wait.
@MainActor
enum NotificationStrip {
    static func draw(_ notifications: [StationNotification], into writer: CanvasWriter) {
        let rows = writer.area.height
        guard rows > 0, !notifications.isEmpty else { return }
        // One row: the newest with a count beside it. More rows: the newest, then a row with the count.
        let shown = notifications.count > rows && rows > 1 ? rows - 1 : min(rows, notifications.count)
        let waiting = notifications.count - shown
        for (row, notification) in notifications.prefix(shown).enumerated() {
            let more = rows == 1 ? waiting : 0
            draw(notification, more: more, into: writer, row: row)
        }
        if waiting > 0, rows > 1 {
            writer.text(tr("+\(waiting) more"), row: rows - 1, role: .dim)
        }
    }

    /// The role and the mark of a kind of notification.
    static func style(_ kind: StationNotification.Kind) -> (role: StyleRole, label: String) {
        switch kind {
        case .info: (.info, "i")
        case .warning: (.warning, "!")
        case .error: (.error, "✖")
        }
    }

    private static func draw(_ notification: StationNotification, more: Int, into writer: CanvasWriter, row: Int) {
        let (role, label) = style(notification.kind)
        var suffix = more > 0 ? tr(" (+\(more) more)") : ""
        // A message cut at the edge says where to read it whole.
        let room = writer.area.width - writer.fit.width(" \(label) ") - 1 - writer.fit.width(suffix)
        if writer.fit.width(SafeText.line(notification.message)) > room { suffix = tr(" M: all") + suffix }
        let suffixWidth = writer.fit.width(suffix)
        let column = writer.text(" \(label) ", row: row, role: role)
        writer.text(
            notification.message, row: row, column: column + 1, role: role,
            width: writer.area.width - column - 1 - suffixWidth)
        if !suffix.isEmpty {
            writer.text(suffix, row: row, column: writer.area.width - suffixWidth, role: .dim)
        }
    }
}
