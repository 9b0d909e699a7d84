import Foundation

/// Waits for what the screen shows, never for a time: a test sends the next key only once the screen
/// shows what that key needs (a dialog's title, a key in the key bar, a report in the list).
///
/// A frame reaches tmux in pieces (until its first suspend, ncurses writes each changed line on its
/// own), so one capture may show half of a frame: "PAUSED" already drawn, the recording's notes below it
/// not yet cleared. A screen counts once two captures in a row are the same and satisfy the condition.
/// One that keeps changing (a level meter, a clock) counts once it satisfied the condition in several
/// pairs of captures: a frame is not half-drawn for that long.
extension TmuxSession {
    /// How many pairs of captures a changing screen must satisfy the condition in.
    static let changingPairs = 5

    /// Waits until the screen satisfies `condition` (named `what` in the failure) and returns it. Fails
    /// after `seconds`, printing the last screen.
    @discardableResult
    public func waitFor(
        _ what: String, seconds: Double = Patience.seconds, _ condition: (String) -> Bool
    ) throws -> String {
        var last = ""
        var changing = 0
        try blockUntil(what, seconds: seconds, detail: { "the screen was:\n\(last)" }) {
            let first = (try? screen()) ?? ""
            last = first
            guard condition(first) else {
                changing = 0
                return false
            }
            // Look again at once: a half-drawn frame does not stay the same.
            last = (try? screen()) ?? ""
            guard condition(last) else {
                changing = 0
                return false
            }
            if last == first { return true }
            changing += 1
            return changing >= Self.changingPairs
        }
        return last
    }

    /// Waits until the screen shows `text` and returns it.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double = Patience.seconds) throws -> String {
        try waitFor("\"\(text)\"", seconds: seconds) { $0.contains(text) }
    }

    /// Waits until the screen no longer shows `text` (a dialog closed, a message gone) and returns it.
    @discardableResult
    public func waitUntilGone(_ text: String, seconds: Double = Patience.seconds) throws -> String {
        try waitFor("\"\(text)\" to go", seconds: seconds) { !$0.contains(text) }
    }

    /// Waits until the key bar, the screen's last line, offers `keys` ("Enter Open", "Esc Close"): the
    /// view those keys belong to has the keyboard.
    @discardableResult
    public func waitForKeys(_ keys: String, seconds: Double = Patience.seconds) throws -> String {
        try waitFor("the key bar to offer \"\(keys)\"", seconds: seconds) { Self.keyBar(of: $0).contains(keys) }
    }

    /// The last line of `screen` that holds anything: the station's key bar.
    public static func keyBar(of screen: String) -> String {
        screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
    }

    /// Sends `keys` and waits until the screen shows `text`, what they bring up.
    @discardableResult
    public func send(
        _ keys: String..., thenWaitFor text: String, seconds: Double = Patience.seconds
    ) throws -> String {
        try run(["send-keys"] + keys)
        return try waitFor(text, seconds: seconds)
    }

    /// Sends `keys` and waits until the screen satisfies `condition`.
    @discardableResult
    public func send(
        _ keys: String..., thenWaitFor what: String, seconds: Double = Patience.seconds,
        _ condition: (String) -> Bool
    ) throws -> String {
        try run(["send-keys"] + keys)
        return try waitFor(what, seconds: seconds, condition)
    }

    /// Types `text` literally and waits until the screen shows `expected`.
    @discardableResult
    public func type(_ text: String, thenWaitFor expected: String) throws -> String {
        try type(text)
        return try waitFor(expected)
    }

    /// Waits until the program in the pane has exited; returns its exit status (128 + n for signal n).
    public func waitForExit(seconds: Double = Patience.seconds) throws -> Int {
        var status: Int?
        let screen = { "the screen was:\n\((try? self.screen()) ?? "(none: tmux is gone)")" }
        try blockUntil("the program in tmux to exit", seconds: seconds, detail: screen) {
            guard let text = try? String(contentsOf: statusFile, encoding: .utf8) else { return false }
            status = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            return status != nil
        }
        return status ?? -1
    }
}
