import Foundation
import Localization
import StationCore

/// The latest messages in full (`M`), newest first and wrapped, so a cut error can be read to its cause;
/// each with the time it came, so "Report ready" can be told from the one before it.
@MainActor
enum MessagesOverlay {
    static func draw(_ messages: [StationNotification], clock: any StationClock, into writer: CanvasWriter) {
        let area = writer.area
        let width = min(area.width - 2, 96)
        let timeWidth = 6
        let textWidth = max(1, width - 6 - timeWidth)
        // A message's wall time, from the monotonic time it was posted: the clock is the only one asked.
        let (now, wallNow) = (clock.now, clock.wallTime)
        var lines: [(text: String, role: StyleRole, label: String, time: String)] = []
        for message in messages {
            let (role, label) = NotificationStrip.style(message.kind)
            let time = clockTime(wallNow.addingTimeInterval(-seconds(now - message.posted)))
            for (index, line) in writer.fit.wrap(SafeText.line(message.message), width: textWidth).enumerated() {
                lines.append((line, role, index == 0 ? label : "", index == 0 ? time : ""))
            }
        }
        let height = min(area.height, lines.count + 3)
        let box = writer.sub(area.centered(height: height, width: width).offset(by: area))
        let inner = box.box(title: tr("Messages, newest first"), role: .dialog, titleRole: .focusedHeading)
        inner.fillAll(role: .dialog)
        let room = max(0, inner.area.height - 1)
        for (row, line) in lines.prefix(room).enumerated() {
            inner.text(line.label, row: row, column: 1, role: line.role)
            inner.text(line.time, row: row, column: 3, role: .dim)
            inner.text(line.text, row: row, column: 3 + timeWidth, role: line.role)
        }
        let left = lines.count - room
        let footer = left > 0 ? tr("\(left) more lines of older messages. Any key closes.") : tr("Any key closes.")
        inner.text(footer, row: inner.area.height - 1, column: 1, role: .dim)
        // A screen reader reads from the cursor: the newest message's text (the footer when there is none).
        inner.cursor(row: lines.isEmpty ? inner.area.height - 1 : 0, column: lines.isEmpty ? 1 : 3 + timeWidth)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Made once: a formatter is costly to build.
    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = tr("HH:mm")
        return formatter
    }()

    /// "21:59", in the station's time zone.
    static func clockTime(_ date: Date) -> String { formatter.string(from: date) }
}
