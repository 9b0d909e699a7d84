import Foundation

/// The locale an import is transcribed in: `--locale` when given, else the locale of the existing
/// session it goes into (its dictations are in that language), else the station's chosen locale, else
/// the fallback.
public enum ImportLocale {
    public static func resolve(
        option: String?, sessionLocale: String?, chosen: String?, fallback: String
    ) -> String {
        for candidate in [option, sessionLocale, chosen] {
            if let candidate, !candidate.isEmpty { return candidate }
        }
        return fallback
    }

    /// The locale of the session named `name` among `sessions` (ignoring case and surrounding spaces).
    public static func sessionLocale(named name: String, in sessions: [SessionRecord]) -> String? {
        // Names are unique ignoring case, as the station compares them.
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return sessions.last { $0.name.lowercased() == wanted }?.locale
    }
}
