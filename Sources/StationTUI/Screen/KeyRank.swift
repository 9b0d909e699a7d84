/// How often each key is needed, in one place: when the key bar is short of room, the rarest keys give
/// way first and the most used stay (help and quit always). Lower is more often; a key not listed here
/// sits in the middle.
enum KeyRank {
    static let always = 0

    /// By the keys a binding names, as its view lists them.
    static let ranks: [String: Int] = [
        // Always there: how to find every other key, and how to leave.
        "F1 ?": always, "F1": always, "F10 q": always,
        // The step at hand: record, send, open, answer, save, close, clear.
        "Space": 1, "Enter": 1, "y": 1, "n Esc Enter": 1, "s y": 1, "Ctrl-S": 1, "Esc q": 1, "Esc": 1,
        // Moving about: the other list, search, a new session, correcting.
        "Tab": 2, "F3 /": 2, "F2 n": 2, "e": 2, "d": 2, "U": 2, "S": 2, "w": 2,
        // Now and then: the patient, the microphone, playing, exporting, the editor.
        "F6 s": 3, "i": 3, "p": 3, "x": 3, "E": 3, "W": 3, "o Tab": 3, "Ctrl-Z": 3, "← →": 3,
        "Ctrl-←→": 3, "PgUp PgDn": 3, "Ctrl-Home Ctrl-End": 3,
        // Filters and steps of a report's life that come seldom.
        "m": 4, "u": 4, "!": 4, "D": 4, "R": 4, "L": 4,
        // Rare: once a shift or less.
        "F4 r": 5, "F5 l": 5, "F7": 5, "F8 Del": 5, "a": 5, "M": 5,
    ]

    static let middle = 3

    static func of(_ binding: KeyBinding) -> Int { ranks[binding.keys] ?? middle }
}
