import CGettext
import Localization

/// The translations of the interface language from gettext (glibc's libintl): the catalog msgfmt
/// compiled from `po/LANG.po`, in the language gettext chose from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`
/// and `LANG`. Plurals follow the catalog's own `Plural-Forms`.
public struct GettextCatalog: Translating {
    /// The text domain: the name of the compiled catalogs, `dictation-station.mo`.
    public static let domain = "dictation-station"

    public init() {}

    /// The corresponding C function is `dgettext`; it hands back its argument when there is no translation.
    public func translation(of key: String) -> String? {
        // The empty key is the catalog's header, never a text of the station.
        guard !key.isEmpty else { return nil }
        return key.withCString { key in
            guard let found = dgettext(Self.domain, key), UnsafePointer(found) != key else { return nil }
            return String(cString: found)
        }
    }

    /// The corresponding C function is `dngettext`, which picks the form by the catalog's `Plural-Forms`.
    public func translation(one: String, other: String, count: Int) -> String? {
        one.withCString { one in
            other.withCString { other in
                guard let found = dngettext(Self.domain, one, other, UInt(count.magnitude)),
                    UnsafePointer(found) != one, UnsafePointer(found) != other
                else { return nil }
                return String(cString: found)
            }
        }
    }
}
