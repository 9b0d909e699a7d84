extension TextEditorModel {
    /// Applies a key of a one-line field; returns whether it was one.
    mutating func applyLineKey(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(String(character))
        case .backspace: deleteBackward()
        // Ctrl-W, Ctrl-Backspace and Alt-Backspace: the word before the cursor, as in a shell.
        case .control("w"), .wordBackspace: deleteWordBackward()
        case .delete: deleteForward()
        case .left: moveLeft()
        case .right: moveRight()
        case .home, .control("a"): moveHome()
        case .end, .control("e"): moveEnd()
        case .wordLeft: moveWordLeft()
        case .wordRight: moveWordRight()
        case .control("z"): undo()
        default: return false
        }
        return true
    }
}
