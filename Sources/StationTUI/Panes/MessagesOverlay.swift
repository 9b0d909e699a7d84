import StationCore

/// The latest messages in full (`M`), newest first and wrapped, so a cut error can be read to its cause.
@MainActor
enum MessagesOverlay {
    static func draw(_ messages: [StationNotification], into writer: CanvasWriter) {
        let area = writer.area
        let width = min(area.width - 2, 96)
        let textWidth = max(1, width - 6)
        var lines: [(text: String, role: StyleRole, label: String)] = []
        for message in messages {
            let (role, label) = NotificationStrip.style(message.kind)
            for (index, line) in writer.fit.wrap(SafeText.line(message.message), width: textWidth).enumerated() {
                lines.append((line, role, index == 0 ? label : ""))
            }
        }
        let height = min(area.height, lines.count + 3)
        let box = writer.sub(area.centered(height: height, width: width).offset(by: area))
        let inner = box.box(title: "Messages, newest first", role: .dialog, titleRole: .focusedHeading)
        inner.fillAll(role: .dialog)
        let room = max(0, inner.area.height - 1)
        for (row, line) in lines.prefix(room).enumerated() {
            inner.text(line.label, row: row, column: 1, role: line.role)
            inner.text(line.text, row: row, column: 3, role: line.role)
        }
        let left = lines.count - room
        let footer = left > 0 ? "\(left) more lines of older messages. Any key closes." : "Any key closes."
        inner.text(footer, row: inner.area.height - 1, column: 1, role: .dim)
    }
}
