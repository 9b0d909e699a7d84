import Synchronization

/// Where translations come from: a catalog of the interface language (gettext's, in the station).
/// Each lookup returns nil when the catalog has no translation, and the English text is used.
public protocol Translating: Sendable {
    /// The translation of `key`, or nil.
    func translation(of key: String) -> String?
    /// The form of `one`/`other` that `count` needs in the interface language, or nil.
    func translation(one: String, other: String, count: Int) -> String?
}

/// The interface language of this process: set once at start from the environment (`LANGUAGE`,
/// `LC_ALL`, `LC_MESSAGES`, `LANG`), English until then and wherever a translation is missing.
public enum Translation {
    private static let current = Mutex<(any Translating)?>(nil)

    /// Uses `catalog` from now on for every `tr` of this process; nil goes back to English.
    public static func use(_ catalog: (any Translating)?) {
        current.withLock { $0 = catalog }
    }

    static func lookUp(_ key: String) -> String? {
        current.withLock { $0 }?.translation(of: key)
    }

    static func lookUp(one: String, other: String, count: Int) -> String? {
        current.withLock { $0 }?.translation(one: one, other: other, count: count)
    }
}

/// A text for a person in the interface language. Every string a person reads goes through here
/// (or `tr(_:one:other:)` when it counts something).
public func tr(_ text: LocalizedText) -> String {
    text.filled(into: Translation.lookUp(text.key) ?? text.key)
}

/// A text that counts something, in the form the language needs for `count`
/// (`tr(n, one: "\(n) report", other: "\(n) reports")`); never `count == 1 ? … : …`.
public func tr(_ count: Int, one: LocalizedText, other: LocalizedText) -> String {
    // Both English forms carry the same values as a rule; the fuller set serves any form of a translation.
    let values = other.arguments.count >= one.arguments.count ? other : one
    if let pattern = Translation.lookUp(one: one.key, other: other.key, count: count) {
        return values.filled(into: pattern)
    }
    let english = count == 1 ? one : other
    return english.filled(into: english.key)
}
