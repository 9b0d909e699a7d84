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
        #expect(editor.top == RowPosition(line: 6, row: 0))
        editor.movePage(by: -10, in: wide)
        editor.reveal(height: 5, in: wide)
        #expect(editor.cursor.line == 0)
        #expect(editor.top == RowPosition(line: 0, row: 0))
        editor.movePage(by: 100, in: wide)
        #expect(editor.cursor == TextPosition(line: 49, column: 0))
    }

    @Test("Ctrl-W deletes the word before the cursor and the spaces after it, within the line, undone at once")
    func deletesWords() {
        var editor = TextEditorModel(text: "suspect the cop.\nnext")
        editor.move(to: TextPosition(line: 0, column: 15))
        editor.deleteWordBackward()
        #expect(editor.text == "suspect the .\nnext")
        editor.deleteWordBackward()
        #expect(editor.text == "suspect .\nnext")
        editor.insert("a cough")
        #expect(editor.text == "suspect a cough.\nnext")
        editor.move(to: TextPosition(line: 0, column: 16))
        editor.deleteWordBackward()
        #expect(editor.text == "suspect a \nnext", "the marks between the word and the cursor go with it")
        editor.move(to: TextPosition(line: 1, column: 0))
        editor.deleteWordBackward()
        #expect(editor.text == "suspect a next", "at a line's start only the line break goes")
        editor.undo()
        #expect(editor.text == "suspect a \nnext")
        #expect(TextEditorModel(text: "x").applyingLineKey(.control("w")).text == "x")
        var field = TextEditorModel(text: "knee pain")
        field.moveToEnd()
        #expect(field.applyLineKey(.wordBackspace) && field.text == "knee ")
    }

    @Test("marks move with the text, and a mark goes when its word changes or joins another")
    func marksFollowEdits() {
        var editor = TextEditorModel(text: "he has the cop now\nand a cop's hat")
        editor.setMarks([
            TextMark(line: 0, range: 11..<14, tag: 3), TextMark(line: 0, range: 15..<18, tag: 4),
            TextMark(line: 1, range: 6..<11, tag: 7),
        ])
        let words = { (editor: TextEditorModel) in
            editor.marks.map { String(editor.lines[$0.line][$0.range]) + "#\($0.tag)" }
        }
        editor.move(to: TextPosition(line: 0, column: 0))
        editor.insert("so ")
        #expect(words(editor) == ["cop#3", "now#4", "cop's#7"], "text put in before shifts the marks")
        editor.move(to: TextPosition(line: 0, column: 17))
        editor.insert(" ")
        #expect(words(editor) == ["cop#3", "now#4", "cop's#7"], "a space beside a word keeps it a word")
        editor.move(to: TextPosition(line: 0, column: 22))
        editor.insert("x")
        #expect(words(editor) == ["cop#3", "cop's#7"], "a letter typed against a word joins it: it changed")
        editor.undo()
        #expect(words(editor) == ["cop#3", "now#4", "cop's#7"], "undo brings the mark back")
        editor.move(to: TextPosition(line: 0, column: 0))
        editor.insert("\n")
        #expect(words(editor) == ["cop#3", "now#4", "cop's#7"])
        #expect(editor.marks.map(\.line) == [1, 1, 2], "a line break above moves the marks down")
        editor.move(to: TextPosition(line: 1, column: 16))
        editor.deleteBackward()
        #expect(words(editor) == ["now#4", "cop's#7"], "a character of the word deleted: its mark goes")
        editor.move(to: TextPosition(line: 2, column: 6))
        editor.deleteWordBackward()
        #expect(words(editor) == ["now#4", "cop's#7"], "deleting the word before keeps the mark after it")
        #expect(editor.text.hasSuffix("\nand cop's hat"))
    }

    @Test("Ctrl-N and Ctrl-P go from mark to mark, to the end of each word, round at the ends")
    func movesToMarks() {
        var editor = TextEditorModel(text: "one two three\nfour five")
        editor.setMarks([TextMark(line: 0, range: 4..<7, tag: 1), TextMark(line: 1, range: 5..<9, tag: 4)])
        #expect(editor.moveToMark(forward: true) == 0)
        #expect(editor.cursor == TextPosition(line: 0, column: 7))
        #expect(editor.markAtCursor == 0)
        #expect(editor.moveToMark(forward: true) == 1)
        #expect(editor.cursor == TextPosition(line: 1, column: 9))
        #expect(editor.moveToMark(forward: true) == 0, "round to the first")
        #expect(editor.moveToMark(forward: false) == 1, "back round to the last")
        editor.move(to: TextPosition(line: 1, column: 0))
        #expect(editor.moveToMark(forward: false) == 0)
        var none = TextEditorModel(text: "plain")
        #expect(none.moveToMark(forward: true) == nil)
    }

    @Test("a long line rewrapped from where it changed gives the rows a full wrap gives, edit after edit")
    func rewrapsIncrementally() {
        var generator = SeededGenerator(seed: 23)
        let words = ["the", "patient", "is", "well", "a", "cough", "日本", "x", "antihypertensive", "  "]
        let text = (0..<400).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
        for width in [7, 20, 78] {
            let layout = WrapContext(width: width)
            var editor = TextEditorModel(text: text)
            for _ in 0..<300 {
                let line = editor.lines[0]
                _ = editor.rowsOf(0, in: layout)
                editor.move(to: TextPosition(line: 0, column: Int(generator.next() % UInt64(line.count + 1))))
                switch generator.next() % 4 {
                case 0: editor.insert(words[Int(generator.next() % UInt64(words.count))])
                case 1: editor.deleteBackward()
                case 2: editor.deleteWordBackward()
                default: editor.insert(" ")
                }
                let kept = editor.rowsOf(0, in: layout)
                let full = WrapLayout.segments(of: editor.lines[0], width: width, measure: layout.measure)
                #expect(kept == full, "width \(width)")
                if kept != full { return }
            }
        }
    }

    @Test("the view's top row follows the cursor through wrapped lines without wrapping the rest")
    func revealsWrappedRows() {
        let narrow = WrapContext(width: 10)
        var editor = TextEditorModel(text: "short\nthe patient is well today and walks\nend")
        editor.move(to: TextPosition(line: 1, column: 30))
        editor.reveal(height: 2, in: narrow)
        #expect(editor.top == RowPosition(line: 1, row: 2))
        #expect(editor.cursorRow(in: narrow) == RowPosition(line: 1, row: 3))
        editor.moveToStart()
        editor.reveal(height: 2, in: narrow)
        #expect(editor.top == RowPosition(line: 0, row: 0))
        editor.move(to: TextPosition(line: 1, column: 20))
        editor.scrollToCursor(context: 1, height: 3, in: narrow)
        #expect(editor.top == RowPosition(line: 1, row: 1), "one row of context above the cursor")
        editor.move(to: TextPosition(line: 2, column: 0))
        editor.scrollToCursor(context: 1, height: 3, in: narrow)
        #expect(editor.top == RowPosition(line: 1, row: 2), "no further than a screen ending with the last row")
    }
}

/// A small deterministic generator (SplitMix64), so a failing sequence of edits comes back the same.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension TextEditorModel {
    fileprivate func applyingLineKey(_ key: Key) -> TextEditorModel {
        var copy = self
        _ = copy.applyLineKey(key)
        return copy
    }
}
