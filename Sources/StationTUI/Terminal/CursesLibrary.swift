import CNcursesw

/// Facts about the ncursesw this station is linked against.
public enum CursesLibrary {
    /// The library's version, for example "ncurses 6.4.20221231".
    public static var version: String { String(cString: ds_ncurses_version()) }
}
