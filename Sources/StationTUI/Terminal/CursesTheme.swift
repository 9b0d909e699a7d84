import CNcursesw

/// The look of each style role in curses: colour pairs set up once, or attributes alone in monochrome
/// (`NO_COLOR`, `--no-color`, or a terminal without colours), chosen so the screen still reads well.
@MainActor
struct CursesTheme {
    private var attributes: [StyleRole: (attr: attr_t, pair: Int16)] = [:]

    /// Sets up the colour pairs when `colors` is true and the terminal has colours.
    init(colors wanted: Bool) {
        let colors = wanted && has_colors()
        if colors {
            start_color()
            use_default_colors()
        }
        let bold = ds_a_bold()
        let reverse = ds_a_reverse()
        let underline = ds_a_underline()
        let dim = ds_a_dim()
        let normal = ds_a_normal()
        let table: [(StyleRole, fg: Int32, bg: Int32, attr: attr_t, mono: attr_t)] = [
            (.normal, -1, -1, normal, normal),
            (.title, Int32(COLOR_WHITE), Int32(COLOR_BLUE), bold, reverse | bold),
            (.heading, -1, -1, bold, bold),
            (.focusedHeading, Int32(COLOR_CYAN), -1, bold, bold | underline),
            (.selection, Int32(COLOR_BLACK), Int32(COLOR_CYAN), normal, reverse),
            (.dim, -1, -1, dim, dim),
            (.recording, Int32(COLOR_WHITE), Int32(COLOR_RED), bold, reverse | bold),
            (.paused, Int32(COLOR_BLACK), Int32(COLOR_YELLOW), bold, bold | underline),
            (.processing, Int32(COLOR_CYAN), -1, bold, bold),
            (.idle, -1, -1, normal, normal),
            (.info, Int32(COLOR_GREEN), -1, normal, normal),
            (.warning, Int32(COLOR_YELLOW), -1, bold, bold),
            (.error, Int32(COLOR_RED), -1, bold, bold | underline),
            (.keyName, Int32(COLOR_WHITE), Int32(COLOR_BLACK), bold, bold),
            (.keyLabel, Int32(COLOR_BLACK), Int32(COLOR_CYAN), normal, reverse),
            (.meterLow, Int32(COLOR_GREEN), -1, normal, normal),
            (.meterHigh, Int32(COLOR_RED), -1, bold, bold),
            (.match, Int32(COLOR_YELLOW), -1, bold, underline),
            (.dialog, Int32(COLOR_WHITE), Int32(COLOR_BLUE), normal, normal),
            (.input, Int32(COLOR_BLACK), Int32(COLOR_WHITE), normal, underline),
            (.unsure, Int32(COLOR_MAGENTA), -1, underline, underline),
            (.unsureSelected, Int32(COLOR_BLACK), Int32(COLOR_MAGENTA), underline | bold, reverse | underline),
            (.inputUnsure, Int32(COLOR_MAGENTA), Int32(COLOR_WHITE), underline, underline | bold),
            (.inputUnsureSelected, Int32(COLOR_BLACK), Int32(COLOR_MAGENTA), underline | bold, reverse | underline),
        ]
        for (index, entry) in table.enumerated() {
            if colors {
                let pair = Int16(index + 1)
                init_pair(pair, Int16(entry.fg), Int16(entry.bg))
                attributes[entry.0] = (entry.attr, pair)
            } else {
                attributes[entry.0] = (entry.mono, 0)
            }
        }
    }

    func style(_ role: StyleRole) -> (attr: attr_t, pair: Int16) {
        attributes[role] ?? (ds_a_normal(), 0)
    }
}
