/// A value bound to a statement parameter; every value reaches SQL this way, never by interpolation.
enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    /// Text, or NULL for nil.
    static func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
    /// A real, or NULL for nil.
    static func optional(_ real: Double?) -> SQLiteValue { real.map(SQLiteValue.real) ?? .null }
    /// An integer, or NULL for nil.
    static func optional(_ integer: Int64?) -> SQLiteValue { integer.map(SQLiteValue.integer) ?? .null }
}
