/// What a piece of text is, for the person reading it; the theme decides how each role looks.
public enum StyleRole: Int, Sendable, CaseIterable {
    case normal
    case title
    case heading
    case focusedHeading
    case selection
    case dim
    case recording
    case paused
    case processing
    case idle
    case info
    case warning
    case error
    case keyName
    case keyLabel
    case meterLow
    case meterHigh
    case match
    case dialog
    case input
    /// A word the decoder was unsure of; underlined, so it shows without colour too.
    case unsure
    /// The unsure word jumped to.
    case unsureSelected
    /// An unsure word in the editor's text: on the input's background, and set apart from the rest of the
    /// input without colour too (where every input character is underlined).
    case inputUnsure
    /// The unsure word the editor's cursor is on.
    case inputUnsureSelected
}
