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
}
