import Localization
import StationCore

/// The top line: the station's name, the locale of new sessions, the clinic store when the station works
/// on one, and any install in progress.
@MainActor
enum TitleLine {
    static func draw(_ model: ScreenModel, into writer: CanvasWriter) {
        var text = tr(" Dictation Station · \(model.station.locale)")
        if let store = model.storeName { text += " · \(store)" }
        if let install = model.installStatus { text += tr(" · Installing \(install)") }
        writer.bar(text, row: 0, role: .title)
        if let capturing = model.station.capturing {
            let mark = tr("● REC \(capturing.name) ")
            let width = writer.fit.width(SafeText.line(mark))
            if width < writer.area.width - writer.fit.width(text) - 2 {
                writer.text(mark, row: 0, column: writer.area.width - width, role: .recording)
            }
        }
    }
}
