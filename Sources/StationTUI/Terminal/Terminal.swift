import CNcursesw
import Foundation
import Localization
import StationCore

/// The one place that owns the terminal: curses setup and teardown, reading keys, showing frames,
/// suspending for an external editor, the window title, and restoring the terminal on a crash.
@MainActor
final class Terminal {
    let canvas: CursesCanvas
    private var isActive = false
    private var lastTitle: String?
    private let titleSupported: Bool
    /// Whether this terminal's Backspace sends Ctrl-H, read from the terminal's erase character at start.
    private let eraseIsControlH: Bool

    /// Why the terminal cannot be used.
    struct Unusable: Error, CustomStringConvertible {
        var term: String
        var description: String {
            tr(
                "the terminal type \"\(SafeText.line(term))\" is unknown here; set TERM to one this system knows (for example xterm-256color)"
            )
        }
    }

    /// Starts curses on the controlling terminal; call `stop` (or crash) to restore it.
    init(colors: Bool, highContrast: Bool = false, environment: [String: String]) throws(Unusable) {
        // The characters only (wide characters, wcwidth): the executable set the rest once at start
        // (InterfaceLanguage), numbers in C included, and LC_ALL here would undo that.
        setlocale(LC_CTYPE, "")
        // newterm rather than initscr: initscr exits the process on an unknown TERM.
        guard let screen = newterm(nil, fdopen(STDOUT_FILENO, "w"), fdopen(STDIN_FILENO, "r")) else {
            throw Unusable(term: environment["TERM"] ?? "")
        }
        set_term(screen)
        // Before the modes: leaving the screen would turn the keypad's and the mouse's off again.
        Self.bufferFrames()
        Self.installCrashHandlers()
        raw()
        noecho()
        nonl()
        keypad(ds_stdscr(), true)
        nodelay(ds_stdscr(), true)
        set_escdelay(25)
        // xterm's Ctrl-Home and Ctrl-End (tmux sends them too), for terminal types whose terminfo omits them.
        for (sequence, code) in [
            ("\u{1B}[1;5H", KeyDecoder.controlHomeCode), ("\u{1B}[1;5F", KeyDecoder.controlEndCode),
        ]
        where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
        _ = mousemask(ds_button1_pressed() | ds_button1_clicked() | ds_button1_released(), nil)
        eraseIsControlH = erasechar() == 8
        canvas = CursesCanvas(theme: CursesTheme(colors: colors, highContrast: highContrast))
        titleSupported = Self.supportsTitle(term: environment["TERM"] ?? "")
        isActive = true
    }

    /// ncurses writes at every cursor move, a few bytes at a time, until the screen has been left and
    /// taken back once (`_nc_mvcur` flushes while its state is still "initial", for programs that use
    /// terminfo without a screen); one `endwin` and update before anything is drawn puts it in its
    /// running state, where a frame is written whole: one write instead of about 90 for the first frame.
    private static func bufferFrames() {
        endwin()
        doupdate()
    }

    /// Restores the terminal; safe to call twice.
    func stop() {
        guard isActive else { return }
        isActive = false
        if lastTitle != nil { writeRaw("\u{1B}]2;\u{07}") }
        endwin()
    }

    /// Re-reads the terminal's size after SIGWINCH and tells curses.
    func updateSize() {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        }
    }

    /// Every key waiting now; never blocks.
    func pendingKeys() -> [Key] {
        var keys: [Key] = []
        var pendingEscape = false
        while true {
            var value: wint_t = 0
            let status = wget_wch(ds_stdscr(), &value)
            if status == ds_err() { break }
            guard
                let key = KeyDecoder.decode(
                    status: status, value: Int32(bitPattern: value), eraseIsControlH: eraseIsControlH)
            else { continue }
            if pendingEscape {
                pendingEscape = false
                switch key {
                case .character("b"): keys.append(.wordLeft)
                case .character("f"): keys.append(.wordRight)
                // Alt-Backspace, which was Esc then Backspace: "Abandon changes?" in the editor.
                case .backspace: keys.append(.wordBackspace)
                default:
                    keys.append(.escape)
                    keys.append(key)
                }
                continue
            }
            if key == .escape {
                pendingEscape = true
                continue
            }
            keys.append(key)
        }
        if pendingEscape { keys.append(.escape) }
        return keys
    }

    /// Shows what was drawn on the canvas.
    func present() {
        if let cursor = canvas.cursor {
            curs_set(1)
            wmove(ds_stdscr(), Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        wnoutrefresh(ds_stdscr())
        doupdate()
    }

    /// Hands the terminal to another program and takes it back afterwards.
    func suspend() {
        def_prog_mode()
        endwin()
    }

    func resume() {
        reset_prog_mode()
        // Keys typed for the editor that it left unread must not act on the station.
        flushinp()
        clearok(ds_stdscr(), true)
        refresh()
    }

    /// Sets the window title (OSC 2) where the terminal understands it; the text is sanitized first.
    func setTitle(_ text: String) {
        guard titleSupported, isActive, text != lastTitle else { return }
        lastTitle = text
        writeRaw("\u{1B}]2;\(SafeText.line(text))\u{07}")
    }

    static func supportsTitle(term: String) -> Bool {
        let prefixes = [
            "xterm", "screen", "tmux", "rxvt", "alacritty", "foot", "kitty", "wezterm", "vte", "gnome", "konsole",
            "st-",
        ]
        return prefixes.contains { term.hasPrefix($0) }
    }

    private func writeRaw(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// On a crash signal, restore the terminal and die of the same signal, so the shell is usable.
    private static func installCrashHandlers() {
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(signalNumber) { received in
                signal(received, SIG_DFL)
                endwin()
                raise(received)
            }
        }
    }
}
