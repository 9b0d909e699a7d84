/// A key press or a terminal event, independent of curses, so the screen model is driven the same way
/// by the terminal and by tests.
public enum Key: Sendable, Equatable {
    /// A printable character.
    case character(Character)
    /// Ctrl plus a letter, given in lower case.
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl-Home / Ctrl-End: the start and the end of the whole text.
    case controlHome, controlEnd
    /// Ctrl-Left / Ctrl-Right or Alt-B / Alt-F.
    case wordLeft, wordRight
    /// Ctrl-Backspace or Alt-Backspace: delete the word before the cursor (Ctrl-W is `.control("w")`).
    case wordBackspace
    case function(Int)
    /// A mouse click at a screen position.
    case mouse(Point)
    /// The terminal changed size.
    case resize
}
