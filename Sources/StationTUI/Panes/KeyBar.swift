/// The bottom line: the keys that apply now, each key highlighted before its label.
@MainActor
enum KeyBar {
    static func draw(_ model: ScreenModel, into writer: CanvasWriter) {
        writer.fill(row: 0, role: .keyLabel)
        var column = 0
        for binding in KeyHelp.bindings(for: model).keys where binding.applies {
            let key = binding.keys.split(separator: " ").first.map(String.init) ?? binding.keys
            let needed = writer.fit.width(key) + writer.fit.width(binding.label) + 2
            guard column + needed <= writer.area.width else { break }
            column = writer.text(key, row: 0, column: column, role: .keyName)
            column = writer.text(binding.label + " ", row: 0, column: column + 1, role: .keyLabel)
        }
    }
}
