import Localization
import StationCore

/// The question after a dictation with no recognized word: the session, the question, and the three
/// answers with their keys (only a second question discards).
@MainActor
enum NoSpeechDialogView {
    static func draw(_ question: NoSpeechQuestion, into writer: CanvasWriter) {
        let width = min(writer.area.width - 2, 64)
        let message = "\"\(question.name)\": \(question.question)"
        let lines = writer.fit.wrap(SafeText.line(message), width: width - 4)
        let answers: [(key: String, label: String)] = [
            ("s", tr(" Send anyway (an empty report, with its audio)")),
            ("d", tr(" Discard… (asks once more)")),
            ("n Esc Enter", tr(" Keep it paused")),
        ]
        let inner = DialogView.frame(
            tr("No speech recognized"), height: lines.count + answers.count + 3, width: width, in: writer)
        for (row, line) in lines.enumerated() { inner.text(line, row: row, column: 1, role: .dialog) }
        for (offset, answer) in answers.enumerated() {
            let row = lines.count + 1 + offset
            let column = inner.text(answer.key, row: row, column: 1, role: .keyName)
            inner.text(answer.label, row: row, column: column, role: .dialog)
        }
        // On the first answer's key, where a screen reader reads the answers from.
        inner.cursor(row: lines.count + 1, column: 1)
    }
}
