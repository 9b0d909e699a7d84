import Foundation

/// Finds the catalog locale closest to the POSIX locale of the environment (`LC_ALL`, then `LANG`).
public enum LocaleMatcher {
    /// The locale used when nothing else matches.
    public static let fallback = "en-US"

    /// The closest of `offered` to `LC_ALL`, else to `LANG`: the same language and region first, then the
    /// same language; `en-US` (or the first offered) when nothing matches.
    public static func closest(environment: [String: String], offered: [String]) -> String {
        for name in ["LC_ALL", "LANG"] {
            guard let value = environment[name], let wanted = tag(posix: value) else { continue }
            if let match = closest(to: wanted, offered: offered) { return match }
        }
        if offered.isEmpty || offered.contains(fallback) { return fallback }
        return offered[0]
    }

    /// The offered locale with the same language and region as `wanted`, else the first with its language.
    public static func closest(to wanted: String, offered: [String]) -> String? {
        let parts = split(wanted)
        if let exact = offered.first(where: { split($0) == parts }) { return exact }
        return offered.first { split($0).language == parts.language }
    }

    /// `nl_NL.UTF-8@euro` → `nl-NL`; nil for `C`, `POSIX` and empty values.
    public static func tag(posix value: String) -> String? {
        var base = Substring(value)
        if let at = base.firstIndex(of: "@") { base = base[..<at] }
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        let tag = base.replacingOccurrences(of: "_", with: "-")
        guard !tag.isEmpty, tag != "C", tag != "POSIX" else { return nil }
        return tag
    }

    private static func split(_ tag: String) -> (language: String, region: String?) {
        let pieces = tag.split(separator: "-", maxSplits: 1).map { $0.lowercased() }
        return (pieces.first ?? "", pieces.count > 1 ? pieces[1] : nil)
    }
}
