import Localization

/// Every key of the view underneath, with what it does.
@MainActor
enum HelpOverlay {
    static func draw(_ page: KeyHelpPage, into writer: CanvasWriter) {
        let (title, keys) = (page.title, page.keys)
        let keyWidth = keys.map { writer.fit.width($0.keys) }.max() ?? 0
        let area = writer.area
        let width = min(area.width - 2, 76)
        // A help text longer than its room wraps under itself, so no key's meaning is cut off.
        let helpWidth = max(1, width - keyWidth - 6)
        let rows = keys.map { (keys: $0.keys, lines: writer.fit.wrap($0.help, width: helpWidth)) }
        let lineCount = rows.reduce(0) { $0 + max(1, $1.lines.count) }
        let box = writer.sub(area.centered(height: lineCount + 4, width: width).offset(by: area))
        let inner = box.box(title: tr("Keys: \(title)"), role: .dialog, titleRole: .focusedHeading)
        inner.fillAll(role: .dialog)
        var row = 0
        for binding in rows {
            inner.text(binding.keys, row: row, column: 1, role: .keyName)
            for line in binding.lines {
                inner.text(line, row: row, column: keyWidth + 3, role: .dialog)
                row += 1
            }
            if binding.lines.isEmpty { row += 1 }
        }
        inner.text(tr("Any key closes this help."), row: inner.area.height - 1, column: 1, role: .dim)
        // On the first key, where a screen reader starts reading the list.
        inner.cursor(row: 0, column: 1)
    }
}

extension Rect {
    /// This rectangle, given in screen coordinates, made relative to `area`.
    func offset(by area: Rect) -> Rect {
        Rect(row: row - area.row, column: column - area.column, height: height, width: width)
    }
}
