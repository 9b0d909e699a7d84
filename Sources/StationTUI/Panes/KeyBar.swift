/// The bottom line: the keys that apply now, each key highlighted before its label, in their view's
/// order. When they do not all fit, the rarest give way first (`KeyRank`): help and quit always stay.
@MainActor
enum KeyBar {
    static func draw(_ page: KeyHelpPage, into writer: CanvasWriter) {
        writer.fill(row: 0, role: .keyLabel)
        for item in items(page, width: writer.area.width, fit: writer.fit) {
            let column = writer.text(item.key, row: 0, column: item.column, role: .keyName)
            writer.text(item.label + " ", row: 0, column: column + 1, role: .keyLabel)
        }
    }

    /// The keys shown in `width` columns, each with its column.
    static func items(_ page: KeyHelpPage, width: Int, fit: TextFit) -> [(key: String, label: String, column: Int)] {
        let bindings = page.keys.filter(\.applies)
        let items = bindings.map { binding in
            (key: binding.keys.split(separator: " ").first.map(String.init) ?? binding.keys, label: binding.label)
        }
        let widths = items.map { fit.width($0.key) + fit.width($0.label) + 2 }
        // The most used first, in the view's order among equals, while they fit.
        let byUse = bindings.indices.sorted { (KeyRank.of(bindings[$0]), $0) < (KeyRank.of(bindings[$1]), $1) }
        var room = width
        var kept = Set<Int>()
        for index in byUse where widths[index] <= room || KeyRank.of(bindings[index]) == KeyRank.always {
            kept.insert(index)
            room -= widths[index]
        }
        var column = 0
        var shown: [(key: String, label: String, column: Int)] = []
        for index in items.indices where kept.contains(index) {
            shown.append((items[index].key, items[index].label, column))
            column += widths[index]
        }
        return shown
    }
}
