import CNcursesw

/// Turns what `wget_wch` returns into a `Key`.
enum KeyDecoder {
    /// Codes of our own for Ctrl-Home and Ctrl-End where terminfo lacks them (screen, screen-256color).
    static let controlHomeCode: Int32 = KEY_MAX + 1
    static let controlEndCode: Int32 = KEY_MAX + 2

    /// `eraseIsControlH`: the terminal's Backspace sends Ctrl-H (its erase character, `stty erase`), so
    /// Ctrl-H is Backspace. Elsewhere Backspace sends DEL and Ctrl-Backspace sends Ctrl-H (xterm, VTE,
    /// Windows Terminal): Ctrl-H then deletes a word.
    static func decode(status: Int32, value: Int32, eraseIsControlH: Bool = false) -> Key? {
        if status == ds_key_code_yes() { return functionKey(value) }
        switch value {
        case 27: return .escape
        case 9: return .tab
        case 10, 13: return .enter
        case 8: return eraseIsControlH ? .backspace : .wordBackspace
        case 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value + 96))))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(UInt32(bitPattern: value)) else { return nil }
            return .character(Character(scalar))
        }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        default: break
        }
        if code == ds_key_resize() { return .resize }
        if code == controlHomeCode { return .controlHome }
        if code == controlEndCode { return .controlEnd }
        if code == ds_key_mouse() {
            var row: Int32 = 0
            var column: Int32 = 0
            var buttons: mmask_t = 0
            guard ds_mouse_position(&row, &column, &buttons) == ds_ok(),
                buttons & (ds_button1_pressed() | ds_button1_clicked()) != 0
            else { return nil }
            return .mouse(Point(row: Int(row), column: Int(column)))
        }
        for number in 1...12 where code == ds_key_f(Int32(number)) { return .function(number) }
        // Ctrl-arrows have no fixed codes; terminfo names them kLFT5 and kRIT5.
        if let name = keyname(code).map({ String(cString: $0) }) {
            if name.hasPrefix("kLFT") { return .wordLeft }
            if name.hasPrefix("kRIT") { return .wordRight }
            if name == "kHOM5" { return .controlHome }
            if name == "kEND5" { return .controlEnd }
        }
        return nil
    }
}
