/// What has the focus, shown by a symbol as well as by colour, so it reads on a monochrome or
/// high-contrast screen, to a colour-blind eye and on a braille line: `▸` before the selected row of a
/// list or a picker, `◂` after the title of the pane the keys act on.
enum FocusMarks {
    /// Before the selected row, in the column the row leaves free for it.
    static let selected = "▸"

    /// The pane's title, marked when the keys act on it.
    static func title(_ title: String, focused: Bool) -> String { focused ? title + " ◂" : title }
}
