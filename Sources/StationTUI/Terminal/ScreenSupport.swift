import CNcursesw
import Foundation
import Localization

/// Whether this terminal can show the station's screen at all: a known terminal type that can move its
/// cursor. `TERM=dumb`, an unset TERM, a type this system does not know, or one without cursor
/// addressing (a printing terminal, a speech or braille console set up as one) cannot, and the station
/// runs line by line there instead.
public enum ScreenSupport {
    /// Why the screen cannot be shown with `environment`'s TERM, or nil when it can.
    public static func problem(environment: [String: String]) -> String? {
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty else { return tr("TERM is not set") }
        guard term != "dumb" else { return tr("TERM is dumb") }
        guard let output = fopen("/dev/null", "w"), let input = fopen("/dev/null", "r") else { return nil }
        defer {
            fclose(output)
            fclose(input)
        }
        // newterm refuses an unknown type and a generic one; it writes nothing until something is drawn.
        guard let screen = newterm(term, output, input) else { return tr("the terminal type is unknown here") }
        let previous = set_term(screen)
        let move = tigetstr("cup")
        let canMove = move != nil && Int(bitPattern: move) != -1
        endwin()
        if let previous { set_term(previous) }
        delscreen(screen)
        return canMove ? nil : tr("the terminal cannot move its cursor")
    }
}
