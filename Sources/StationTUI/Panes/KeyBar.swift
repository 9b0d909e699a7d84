/// The bottom line: the keys that apply now, each key highlighted before its label. When they do not all
/// fit, the last two (help and quit or close) stay and the ones before them give way.
@MainActor
enum KeyBar {
    static func draw(_ page: KeyHelpPage, into writer: CanvasWriter) {
        writer.fill(row: 0, role: .keyLabel)
        let bindings = page.keys.filter(\.applies)
        let items = bindings.map { binding in
            (key: binding.keys.split(separator: " ").first.map(String.init) ?? binding.keys, label: binding.label)
        }
        let width = { (item: (key: String, label: String)) in
            writer.fit.width(item.key) + writer.fit.width(item.label) + 2
        }
        let kept = Array(items.suffix(2))
        var room = writer.area.width - kept.reduce(0) { $0 + width($1) }
        var shown: [(key: String, label: String)] = []
        for item in items.dropLast(2) where width(item) <= room {
            shown.append(item)
            room -= width(item)
        }
        var column = 0
        for item in shown + kept {
            column = writer.text(item.key, row: 0, column: column, role: .keyName)
            column = writer.text(item.label + " ", row: 0, column: column + 1, role: .keyLabel)
        }
    }
}
