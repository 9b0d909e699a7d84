import CGettext
import Foundation
import Localization
import StationSystem

/// Chooses the interface language once at start, the way every gettext program does: `setlocale`,
/// `bindtextdomain`, `textdomain`; then every `tr` of the process reads the catalog.
public enum InterfaceLanguage {
    /// Sets the process's locale from the environment and puts the catalog behind `tr`. Call it once,
    /// first thing in `main`, before any thread starts (it may set `LANGUAGE`, see below).
    public static func start() {
        if setlocale(LC_ALL, "") == nil {
            // The locale asked for is not generated on this machine (`locale -a`), so the C library
            // cannot use it. Its language still counts: C.UTF-8 keeps the characters, and gettext
            // takes the language from LANGUAGE in any locale but plain C.
            setlocale(LC_ALL, "C.UTF-8")
            if let language = requestedLanguage(ProcessInfo.processInfo.environment) {
                setenv("LANGUAGE", language, 1)
            }
        }
        // Numbers stay as C writes and reads them: the C libraries parse model files with the C library.
        setlocale(LC_NUMERIC, "C")
        bindCatalog()
        Translation.use(GettextCatalog())
    }

    /// Tells gettext where the catalogs are and that the station reads them as UTF-8.
    public static func bindCatalog() {
        if let folder = catalogFolder() { bindtextdomain(GettextCatalog.domain, folder) }
        // The station's strings are UTF-8 whatever the terminal's locale, and Swift reads them as such.
        bind_textdomain_codeset(GettextCatalog.domain, "UTF-8")
        textdomain(GettextCatalog.domain)
    }

    /// The language the environment asks for when the C library cannot set it: `LANGUAGE` if set (gettext
    /// reads it itself), else the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set, as gettext would;
    /// nil for none, or for C and POSIX (English).
    static func requestedLanguage(_ environment: [String: String]) -> String? {
        if let language = environment["LANGUAGE"], !language.isEmpty { return nil }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let language = value.split(separator: ".").first.map(String.init) ?? value
            return ["C", "POSIX"].contains(language) ? nil : language
        }
        return nil
    }

    /// The compiled catalogs SwiftPM put beside the executable (or the test runner); nil leaves gettext
    /// at its default, the system's `/usr/share/locale`, where an installed station keeps them.
    public static func catalogFolder() -> String? {
        RunningProgram.shippedFile(target: "GettextCatalog", "locale")
    }
}
