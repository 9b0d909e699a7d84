import Testing

@testable import StationTUI

@Suite("The text editor model")
struct TextEditorModelTests {
    let wide = WrapContext(width: 80)

    @Test("opens clean with the cursor at the start and every line kept")
    func opens() {
        let editor = TextEditorModel(text: "one\n\nthree")
        #expect(editor.lines.count == 3)
        #expect(editor.cursor == TextPosition(line: 0, column: 0))
        #expect(!editor.isDirty)
        #expect(editor.text == "one\n\nthree")
        #expect(TextEditorModel(text: "").lines == [[]])
    }

    @Test("inserts characters, grapheme clusters and line breaks")
    func inserts() {
        var editor = TextEditorModel(text: "ac")
        editor.moveRight()
        editor.insert("b")
        #expect(editor.text == "abc")
        editor.insert("é👍🏽")
        #expect(editor.text == "abé👍🏽c")
        #expect(editor.cursor.column == 4, "an emoji with a skin tone is one step")
        editor.insertNewline()
        #expect(editor.lines.map { String($0) } == ["abé👍🏽", "c"])
        #expect(editor.cursor == TextPosition(line: 1, column: 0))
        editor.insert("x\ny\nz")
        #expect(editor.text == "abé👍🏽\nx\ny\nzc")
        #expect(editor.cursor == TextPosition(line: 3, column: 1))
        #expect(editor.isDirty)
    }

    @Test("backspace and delete remove one character and join lines at the edges")
    func deletes() {
        var editor = TextEditorModel(text: "ab\ncd")
        editor.moveToEnd()
        editor.deleteBackward()
        #expect(editor.text == "ab\nc")
        editor.moveHome()
        editor.deleteBackward()
        #expect(editor.text == "abc")
        #expect(editor.cursor == TextPosition(line: 0, column: 2))
        editor.deleteForward()
        #expect(editor.text == "ab")
        editor.deleteForward()
        #expect(editor.text == "ab", "delete at the very end does nothing")
        editor.moveToStart()
        editor.deleteBackward()
        #expect(editor.text == "ab", "backspace at the very start does nothing")
    }

    @Test("typing a word undoes as one step, and undo goes back to the original")
    func undo() {
        var editor = TextEditorModel(text: "the patient")
        editor.moveToEnd()
        for character in " is well" { editor.insert(String(character)) }
        editor.deleteBackward()
        editor.deleteBackward()
        #expect(editor.text == "the patient is we")
        editor.undo()
        #expect(editor.text == "the patient is well")
        editor.undo()
        #expect(editor.text == "the patient")
        #expect(!editor.isDirty)
        #expect(!editor.canUndo)
        editor.undo()
        #expect(editor.text == "the patient")
    }

    @Test("home and end go to the line's edges; left and right cross lines")
    func lineMoves() {
        var editor = TextEditorModel(text: "abc\ndef")
        editor.moveEnd()
        #expect(editor.cursor == TextPosition(line: 0, column: 3))
        editor.moveRight()
        #expect(editor.cursor == TextPosition(line: 1, column: 0))
        editor.moveLeft()
        #expect(editor.cursor == TextPosition(line: 0, column: 3))
        editor.moveHome()
        #expect(editor.cursor.column == 0)
        editor.moveLeft()
        #expect(editor.cursor == TextPosition(line: 0, column: 0))
    }

    @Test("word moves skip punctuation and spaces and cross lines")
    func wordMoves() {
        var editor = TextEditorModel(text: "blood pressure, 120 over 80\nnext line")
        editor.moveWordRight()
        #expect(editor.cursor.column == 5)
        editor.moveWordRight()
        #expect(editor.cursor.column == 14)
        editor.moveWordRight()
        #expect(editor.cursor.column == 19)
        editor.moveEnd()
        editor.moveWordRight()
        #expect(editor.cursor == TextPosition(line: 1, column: 4))
        editor.moveWordLeft()
        #expect(editor.cursor == TextPosition(line: 1, column: 0))
        editor.moveWordLeft()
        #expect(editor.cursor == TextPosition(line: 0, column: 25))
    }

    @Test("up and down keep the display column across short lines")
    func verticalMoves() {
        var editor = TextEditorModel(text: "abcdef\nab\nabcdef")
        editor.moveEnd()
        editor.moveLeft()
        #expect(editor.cursor.column == 5)
        editor.moveDown(in: wide)
        #expect(editor.cursor == TextPosition(line: 1, column: 2))
        editor.moveDown(in: wide)
        #expect(editor.cursor == TextPosition(line: 2, column: 5), "the goal column survives the short line")
        editor.moveDown(in: wide)
        #expect(editor.cursor == TextPosition(line: 2, column: 6), "down on the last row goes to the end")
        editor.moveUp(in: wide)
        editor.moveUp(in: wide)
        editor.moveUp(in: wide)
        #expect(editor.cursor == TextPosition(line: 0, column: 0), "up on the first row goes to the start")
    }

    @Test("vertical moves follow wrapped rows and measure wide characters")
    func wrappedMoves() {
        let narrow = WrapContext(width: 10)
        var editor = TextEditorModel(text: "the patient is well today")
        #expect(editor.rows(in: narrow).map(\.range) == [0..<4, 4..<15, 15..<25])
        editor.moveDown(in: narrow)
        #expect(editor.cursor == TextPosition(line: 0, column: 4))
        #expect(editor.visualRow(in: narrow) == 1)
        editor.moveEnd(in: narrow)
        #expect(editor.cursor.column == 14, "end of a soft-wrapped row stays on that row")
        editor.moveHome(in: narrow)
        #expect(editor.cursor.column == 4)

        var wide = TextEditorModel(text: "日本語\nabcdef")
        wide.moveRight()
        wide.moveRight()
        #expect(wide.displayColumn(in: self.wide) == 4)
        wide.moveDown(in: self.wide)
        #expect(wide.cursor == TextPosition(line: 1, column: 4), "two wide characters are four columns")
    }

    @Test("page moves go a screenful of rows and reveal keeps the cursor in view")
    func pages() {
        var editor = TextEditorModel(text: (1...50).map { "line \($0)" }.joined(separator: "\n"))
        editor.movePage(by: 10, in: wide)
        #expect(editor.cursor.line == 10)
        editor.reveal(height: 5, in: wide)
        #expect(editor.scrollTop == 6)
        editor.movePage(by: -10, in: wide)
        editor.reveal(height: 5, in: wide)
        #expect(editor.cursor.line == 0)
        #expect(editor.scrollTop == 0)
        editor.movePage(by: 100, in: wide)
        #expect(editor.cursor == TextPosition(line: 49, column: 0))
    }
}
