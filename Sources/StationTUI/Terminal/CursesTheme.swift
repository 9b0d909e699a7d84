import CNcursesw

/// The look of each style role in curses: colour pairs set up once, or attributes alone in monochrome
/// (`NO_COLOR`, `--no-color`, or a terminal without colours), chosen so the screen still reads well.
/// The high-contrast theme (`--high-contrast`) draws white and yellow on black, bold where the standard
/// theme dims or tints, and never dims.
@MainActor
struct CursesTheme {
    private var attributes: [StyleRole: (attr: attr_t, pair: Int16)] = [:]

    /// Sets up the colour pairs when `colors` is true and the terminal has colours.
    init(colors wanted: Bool, highContrast: Bool = false) {
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
        let entries = highContrast ? Self.highContrast(bold: bold, reverse: reverse, underline: underline) : table
        for (index, entry) in entries.enumerated() {
            if colors {
                let pair = Int16(index + 1)
                init_pair(pair, Int16(entry.fg), Int16(entry.bg))
                attributes[entry.0] = (entry.attr, pair)
            } else {
                attributes[entry.0] = (entry.mono, 0)
            }
        }
    }

    /// White and yellow on black, black on white or yellow; bold instead of dim; the same attributes as
    /// monochrome where colours are off, without its dim.
    private static func highContrast(
        bold: attr_t, reverse: attr_t, underline: attr_t
    ) -> [(StyleRole, fg: Int32, bg: Int32, attr: attr_t, mono: attr_t)] {
        let (white, black, yellow, red) = (
            Int32(COLOR_WHITE), Int32(COLOR_BLACK), Int32(COLOR_YELLOW), Int32(COLOR_RED)
        )
        let normal = ds_a_normal()
        return [
            (.normal, white, black, normal, normal),
            (.title, black, white, bold, reverse | bold),
            (.heading, white, black, bold, bold),
            (.focusedHeading, black, yellow, bold, reverse | bold),
            (.selection, black, yellow, bold, reverse | bold),
            (.dim, white, black, normal, normal),
            (.recording, white, red, bold, reverse | bold),
            (.paused, black, yellow, bold, reverse | bold | underline),
            (.processing, black, white, bold, reverse),
            (.idle, white, black, normal, normal),
            (.info, white, black, bold, bold),
            (.warning, black, yellow, bold, reverse | bold),
            (.error, white, red, bold, reverse | bold | underline),
            (.keyName, black, white, bold, reverse | bold),
            (.keyLabel, white, black, bold, bold),
            (.meterLow, white, black, bold, bold),
            (.meterHigh, yellow, black, bold, bold | underline),
            (.match, black, yellow, bold | underline, reverse | underline),
            (.dialog, white, black, normal, normal),
            (.input, black, white, normal, reverse),
            (.unsure, yellow, black, underline | bold, underline | bold),
            (.unsureSelected, black, yellow, underline | bold, reverse | underline),
        ]
    }

    func style(_ role: StyleRole) -> (attr: attr_t, pair: Int16) {
        attributes[role] ?? (ds_a_normal(), 0)
    }
}
