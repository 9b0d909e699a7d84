import Localization
import StationCore

/// A dialog centred over the screen: a question, a name field, or a list to pick from.
@MainActor
enum DialogView {
    static func draw(_ dialog: Dialog, into writer: CanvasWriter) {
        let area = writer.area
        let width = min(area.width - 2, 64)
        switch dialog {
        case .confirm(let title, let message, _):
            let lines = writer.fit.wrap(SafeText.line(message), width: width - 4)
            let inner = frame(title, height: lines.count + 4, width: width, in: writer)
            for (row, line) in lines.enumerated() { inner.text(line, row: row, column: 1, role: .dialog) }
            let choices = inner.text("y", row: inner.area.height - 1, column: 1, role: .keyName)
            // On the answers, after the question: a screen reader reads the question, then its keys.
            inner.cursor(row: inner.area.height - 1, column: 1)
            let after = inner.text(tr(" Yes   "), row: inner.area.height - 1, column: choices, role: .dialog)
            let no = inner.text("n Esc", row: inner.area.height - 1, column: after, role: .keyName)
            inner.text(tr(" No"), row: inner.area.height - 1, column: no, role: .dialog)
        case .input(let title, let field, let purpose, let error):
            // A refusal is said in full: it wraps rather than being cut at the dialog's edge.
            let errorLines = error.map { Array(writer.fit.wrap(SafeText.line($0), width: width - 4).prefix(3)) } ?? []
            // So is the hint: what each key does, never cut.
            let hintLines = Array(wrapHint(hint(purpose), width: width - 4, fit: writer.fit).prefix(3))
            let inner = frame(title, height: 4 + errorLines.count + hintLines.count, width: width, in: writer)
            inner.text(label(purpose), row: 0, column: 1, role: .dialog)
            let fieldWidth = inner.area.width - 2
            inner.text(String(repeating: " ", count: fieldWidth), row: 1, column: 1, role: .input)
            let characters = field.lines[0]
            let before = characters[..<field.cursor.column].reduce(0) { $0 + inner.fit.measure($1) }
            // Scroll the field so the cursor stays visible.
            var skip = 0
            var shown = before
            while shown >= fieldWidth, skip < characters.count {
                shown -= inner.fit.measure(characters[skip])
                skip += 1
            }
            inner.text(String(characters[skip...]), row: 1, column: 1, role: .input, width: fieldWidth)
            inner.cursor(row: 1, column: 1 + shown)
            for (row, line) in errorLines.enumerated() { inner.text(line, row: 2 + row, column: 1, role: .error) }
            for (row, line) in hintLines.enumerated() {
                inner.text(line, row: inner.area.height - hintLines.count + row, column: 1, role: .dim)
            }
        case .noSpeech(let question):
            NoSpeechDialogView.draw(question, into: writer)
        case .picker(let title, let options, let selection, let purpose):
            // A hint under the list says what typing and each key do, where a list takes more than a choice.
            let hint = SessionDetailsWords.hint(purpose).map { wrapHint($0, width: width - 4, fit: writer.fit) }
            let hintLines = Array((hint ?? []).prefix(max(0, min(3, area.height - 6))))
            let separator = hintLines.isEmpty ? 0 : 1
            let height = min(area.height - 2, options.count + 2 + separator + hintLines.count)
            let inner = frame(title, height: height, width: width, in: writer)
            let visible = inner.area.height - separator - hintLines.count
            for (row, line) in hintLines.enumerated() {
                inner.text(line, row: visible + separator + row, column: 1, role: .dim)
            }
            let top = ListScroll.top(selection: selection, count: options.count, visible: visible, previous: 0)
            let border = Rect(
                row: inner.area.row - 1, column: inner.area.column - 1, height: visible + 2,
                width: inner.area.width + 2)
            CanvasWriter(canvas: inner.canvas, area: border).scrollMarks(
                above: top, below: options.count - top - visible)
            let detailWidth = options.map { inner.fit.width($0.detail) }.max() ?? 0
            for row in 0..<visible where top + row < options.count {
                let option = options[top + row]
                let role: StyleRole = top + row == selection ? .selection : .dialog
                inner.fill(row: row, role: role)
                if top + row == selection {
                    inner.text(FocusMarks.selected, row: row, role: role)
                    inner.cursor(row: row, column: 0)
                }
                inner.text(option.label, row: row, column: 1, role: role, width: inner.area.width - detailWidth - 3)
                inner.text(option.detail, row: row, column: inner.area.width - detailWidth - 1, role: role)
            }
        }
    }

    /// What the field asks for.
    static func label(_ purpose: InputPurpose) -> String {
        switch purpose {
        case .newSession, .rename: tr("Name:")
        case .patientName: tr("Patient's name:")
        case .patientIdentifier(_, let name): tr("Identifier (MRN) of \(name ?? "the patient"):")
        case .amendmentReason: tr("Why does the signed report change?")
        case .errorReason: tr("What is wrong with it?")
        }
    }

    static func hint(_ purpose: InputPurpose) -> String {
        SessionDetailsWords.hint(purpose) ?? tr("Enter accepts · Esc cancels")
    }

    /// A hint's lines: its parts (what one key does, " · " between them) each kept whole on a line where
    /// it fits, so a line never ends in the middle of what a key does.
    static func wrapHint(_ hint: String, width: Int, fit: TextFit) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in SafeText.line(hint).components(separatedBy: " · ") {
            let joined = line.isEmpty ? part : line + " · " + part
            if fit.width(joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            let wrapped = fit.wrap(part, width: width)
            lines += wrapped.dropLast()
            line = wrapped.last ?? ""
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func frame(_ title: String, height: Int, width: Int, in writer: CanvasWriter) -> CanvasWriter {
        let rect = writer.area.centered(height: height, width: width).offset(by: writer.area)
        let inner = writer.sub(rect).box(title: title, role: .dialog, titleRole: .focusedHeading)
        inner.fillAll(role: .dialog)
        return inner
    }
}
