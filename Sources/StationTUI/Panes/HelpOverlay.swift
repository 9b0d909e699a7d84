/// Every key of the view underneath, with what it does.
@MainActor
enum HelpOverlay {
    static func draw(_ page: KeyHelpPage, into writer: CanvasWriter) {
        let (title, keys) = (page.title, page.keys)
        let keyWidth = keys.map { writer.fit.width($0.keys) }.max() ?? 0
        let area = writer.area
        let box = writer.sub(
            area.centered(height: keys.count + 4, width: min(area.width - 2, 76))
                .offset(by: area))
        let inner = box.box(title: "Keys: \(title)", role: .dialog, titleRole: .focusedHeading)
        inner.fillAll(role: .dialog)
        for (row, binding) in keys.enumerated() {
            inner.text(binding.keys, row: row, column: 1, role: .keyName)
            inner.text(binding.help, row: row, column: keyWidth + 3, role: .dialog)
        }
        inner.text("Any key closes this help.", row: inner.area.height - 1, column: 1, role: .dim)
    }
}

extension Rect {
    /// This rectangle, given in screen coordinates, made relative to `area`.
    func offset(by area: Rect) -> Rect {
        Rect(row: row - area.row, column: column - area.column, height: height, width: width)
    }
}
