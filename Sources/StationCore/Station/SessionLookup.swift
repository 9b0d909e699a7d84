/// Finds a session by what a person types for it ("bed 4" for "Bed 4 – Mr Okafor"): case and the
/// style of a dash do not matter, and a prefix that fits only one session is enough (or only one
/// where the prefix ends a word).
public enum SessionLookup: Equatable, Sendable {
    case found(SessionID)
    case none
    /// The prefix fits several sessions; their names, so the person can type more of one.
    case ambiguous([String])

    /// The session whose name is `query` (folded), else the one whose name begins with it.
    public static func find(_ query: String, in sessions: [(id: SessionID, name: String)]) -> SessionLookup {
        let wanted = fold(query)
        guard !wanted.isEmpty else { return .none }
        if let exact = sessions.first(where: { fold($0.name) == wanted }) { return .found(exact.id) }
        let starting = sessions.filter { fold($0.name).hasPrefix(wanted) }
        // "Bed 4" means "Bed 4 – Mr Okafor" rather than "Bed 40": a prefix that ends a word counts first.
        let wholeWords = starting.filter { endsWord(wanted, in: fold($0.name)) }
        if starting.count == 1 { return .found(starting[0].id) }
        if wholeWords.count == 1 { return .found(wholeWords[0].id) }
        return starting.isEmpty ? .none : .ambiguous(starting.map(\.name))
    }

    /// Whether `prefix` of `name` is followed by something other than a letter or a digit.
    private static func endsWord(_ prefix: String, in name: String) -> Bool {
        guard let next = name.dropFirst(prefix.count).first else { return true }
        return !(next.isLetter || next.isNumber)
    }

    /// Lower case, every dash as "-", runs of spaces as one: how names are told apart when typed.
    static func fold(_ name: String) -> String {
        let dashes: Set<Character> = ["–", "—", "‒", "―", "−", "‐", "‑"]
        let unified = String(name.lowercased().map { dashes.contains($0) ? "-" : $0 })
        return unified.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
