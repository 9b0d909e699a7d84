/// The steps a person takes in the station that most screen tests begin with.
extension TmuxSession {
    /// Makes a session named `name` with the `n` dialog and waits until the list shows it idle.
    public func createSession(_ name: String) throws {
        try send("n")
        _ = try waitFor("New session")
        try type(name)
        try send("Enter")
        _ = try waitFor("○ \(name)")
    }

    /// Makes a session named `name` and starts recording into it with Space.
    public func startRecording(_ name: String) throws {
        try createSession(name)
        try send("Space")
        _ = try waitFor("RECORDING")
    }

    /// Waits until the station has handled every key sent so far, for a test that must see a key do
    /// nothing. Keys are handled in order, so the help that F1 brings up proves it; any key closes the
    /// help again. (On the main screen and a report; a dialog takes F1 as one of its own keys.)
    public func waitForKeysHandled() throws {
        try send("F1", thenWaitFor: "Keys: ")
        try send("Escape")
        try waitUntilGone("Keys: ")
    }

    /// Moves to the report list once it shows `listed`: the list is read after the first frame, and
    /// another station's report comes with the next poll. Waits until the key bar offers the list's keys.
    @discardableResult
    public func focusReports(listing listed: String) throws -> String {
        try waitFor(listed)
        try send("Tab")
        return try waitForKeys("Enter Open")
    }

    /// Opens the selected report of the list once the list shows `listed`; waits for its `title`.
    @discardableResult
    public func openReport(listed: String, title: String = "Report #") throws -> String {
        try focusReports(listing: listed)
        return try send("Enter", thenWaitFor: title)
    }
}
