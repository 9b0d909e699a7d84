import Foundation
import StationTestSupport
import Testing

/// Signing attests a review (issue 23, item 3): in the real binary in tmux, `S` in the report list signs
/// nothing and says to open the report; in the report view the question counts the unsure words never
/// visited (w visits them) and shows how the text begins.
@Suite("Signing in tmux", .serialized)
struct TerminalSigningTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("signing") }

    @Test("S in the list says to open the report; in the view it asks, counting the unsure words not visited")
    func signFromTheView() async throws {
        try await SeededReports.add(
            "The elbow men is swollen.",
            words: [("the", 0.9), ("elbow", 0.1), ("men", 0.2), ("is", 0.9), ("swollen", 0.9)],
            to: terminal.data)
        let tmux = try terminal.start(["--no-color"])
        defer { tmux.shutDown() }
        let keyBar = { (screen: String) in screen.split(separator: "\n").last.map(String.init) ?? "" }
        try tmux.send("Tab")
        let list = try tmux.waitFor("the report list's keys") { $0.contains("Enter Open") }
        #expect(!keyBar(list).contains("S Sign"), "the list's key bar offers no S: \(keyBar(list))")
        try tmux.send("S")
        let refused = try tmux.waitFor("Open report 1 and read it before signing it")
        #expect(!refused.contains("Sign report #1?"), "no question from the list")

        try tmux.send("Enter")
        // S waits for the decoder's words (it counts the unsure ones): the heading counts them once read.
        let view = try tmux.waitFor("the report's words read") {
            $0.contains("Report #1 ·") && $0.contains("2 unsure words (w)")
        }
        #expect(keyBar(view).contains("S Sign"), "the view's key bar offers S: \(keyBar(view))")
        try tmux.send("S")
        let unread = try tmux.waitFor("Sign report #1?")
        // The dialog wraps its message inside its frame: each part is looked for on its own.
        #expect(unread.contains("2 of 2") && unread.contains("were never visited"), "\(unread)")
        #expect(unread.contains("It begins: \"The elbow men is"), "\(unread)")
        try tmux.send("n", "w", "S")
        let halfway = try tmux.waitFor("the question again") { $0.contains("Sign report #1?") && $0.contains("1 of 2") }
        #expect(!halfway.contains("2 of 2"))
        try tmux.send("y")
        _ = try tmux.waitFor("Signed report #1 as ")
        let listed = try terminal.run(["reports", "--json"])
        #expect(listed.output.contains("\"status\" : \"signed\"") || listed.output.contains("\"status\":\"signed\""))
        try tmux.send("q", "q")
        #expect(try tmux.waitForExit() == 0)
    }
}
