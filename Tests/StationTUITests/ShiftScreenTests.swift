import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// Issue 11's rules on the screen model and the grid: destructive dialogs take y only, quitting names
/// what holds audio, messages about a state go with it, the editor's rows and line keys, the small screen.
@Suite("The screen through a shift: dialogs, quitting, messages, editor rows")
@MainActor
struct ShiftScreenTests {
    @Test("every confirmation takes y only; Enter and Esc keep things as they are")
    func yOnly() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.press(.character(" "))
        for key in [Key.enter, .escape, .character("n")] {
            harness.press(.character("d"))
            #expect(harness.model.dialog != nil)
            harness.press(key)
            #expect(harness.model.dialog == nil)
            #expect(session.state == .paused, "\(key) kept the dictation")
        }
        for key in [Key.enter, .escape] {
            #expect(harness.model.handle(.character("q")) == .none)
            #expect(harness.model.handle(key) == .none, "\(key) does not quit")
        }
        harness.press(.character("d"), .character("y"))
        #expect(session.state == .notRecording)
        let notice = try #require(harness.station.notifier.notifications.first?.message)
        #expect(notice.hasPrefix("Discarded the dictation of \"Room 12\""), "\(notice)")
    }

    @Test("the quit dialog names each session holding audio, and is drawn as things stand now")
    func quitNamesSessions() async throws {
        let harness = ScreenHarness()
        let first = try await harness.startRecording(named: "Ward round")
        harness.press(.character(" "))
        _ = try await harness.startRecording(named: "Room 214")
        #expect(harness.model.handle(.character("q")) == .none)
        guard case .confirm(_, let message, .quit)? = harness.model.dialog else {
            Issue.record("no quit dialog")
            return
        }
        #expect(message.contains("\"Ward round\" (paused, 00:00) and \"Room 214\" (recording, 00:00) hold audio"))
        // Both dictations end while the dialog is open: it no longer warns.
        harness.press(.escape, .character(" "))
        harness.station.discard()
        harness.station.select(first.id)
        harness.station.discard()
        await harness.station.settle()
        #expect(harness.model.handle(.character("q")) == .quit, "nothing held any more: q quits at once")
    }

    @Test("the open quit dialog follows the state: after the last send it says nothing is unsent")
    func quitDialogFollowsState() async throws {
        let harness = ScreenHarness()
        _ = try await harness.startRecording()
        harness.press(.character(" "), .character("q"))
        guard case .confirm(_, let before, .quit)? = harness.model.dialog else {
            Issue.record("no quit dialog")
            return
        }
        #expect(before.contains("\"Room 12\" (paused"))
        harness.station.discard()
        await harness.station.settle()
        guard case .confirm(_, let after, .quit)? = harness.model.dialog else {
            Issue.record("the dialog stays open")
            return
        }
        #expect(after == "Nothing is left unsent any more. Quit now?")
        let grid = harness.render()
        #expect(grid.text.contains("Nothing is left unsent"))
    }

    @Test("a message about a session's state goes when the state changes, others stay")
    func staleMessages() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.press(.character(" "), .function(8))
        #expect(harness.station.notifier.notifications.first?.message.contains("holds an unsent dictation") == true)
        harness.station.notifier.info("Exported somewhere.")
        harness.station.notifier.dropStale()
        #expect(harness.station.notifier.notifications.count == 2, "the state holds: the message stays")
        harness.station.discard()
        #expect(session.state == .notRecording)
        harness.station.notifier.dropStale()
        #expect(harness.station.notifier.notifications.map(\.message) == ["Exported somewhere."])
    }

    @Test("keys that cannot act say why in words that fit the state")
    func reasons() throws {
        let harness = ScreenHarness()
        try harness.station.createSession(named: "Room 12")
        harness.press(.character("d"))
        #expect(harness.station.notifier.notifications.first?.message.contains("holds no dictation") == true)
        harness.press(.enter)
        #expect(harness.station.notifier.notifications.first?.message.contains("Nothing to send") == true)
    }

    @Test("status names the capturing session whenever one captures, else the selected one")
    func status() async throws {
        let harness = ScreenHarness()
        #expect(StatusLine.text(for: harness.station) == "IDLE")
        _ = try await harness.startRecording(named: "Room A")
        try harness.station.createSession(named: "Room B")
        #expect(harness.station.selected?.name == "Room B")
        #expect(harness.station.perform(.status).message == "● REC 00:00 Room A")
        harness.station.capturing?.pressMainAction()
        #expect(harness.station.perform(.status).message == "IDLE Room B")
    }

    @Test("an editor row exactly as wide as the editor shows its last character, not an ellipsis")
    func exactWidthRow() async throws {
        let harness = ScreenHarness(rows: 24, columns: 60)
        // The editor wraps at 58 columns: a first row of exactly 58, then a space and more.
        let row = String(repeating: "a", count: 57) + "Z"
        _ = try await harness.addReport(session: "Room 12", text: row + " tail")
        harness.press(.tab, .character("e"))
        let grid = harness.render()
        #expect(grid.text.contains(row + "│"), "\(grid.text)")
        #expect(!grid.text.contains("a…"))
    }

    @Test("End and Home act on the line as written; the arrows on screen rows; Ctrl-Home and Ctrl-End on the text")
    func lineKeys() async throws {
        let harness = ScreenHarness(rows: 24, columns: 40)
        let first = Array(repeating: "word", count: 20).joined(separator: " ")
        _ = try await harness.addReport(session: "Room 12", text: first + "\nsecond line")
        harness.press(.tab, .character("e"), .end, .enter, .character("X"))
        #expect(harness.model.editor?.text.text == first + "\nX\nsecond line")
        harness.press(.controlEnd, .character("!"), .controlHome, .character(">"))
        #expect(harness.model.editor?.text.text == ">" + first + "\nX\nsecond line!")
        harness.press(.home, .down)
        #expect(harness.model.editor?.text.cursor.line == 0, "Down moves one screen row, within the wrapped line")
    }

    @Test("too small: the message says a recording runs, with its time")
    func tooSmall() async throws {
        let harness = ScreenHarness()
        _ = try await harness.startRecording()
        let grid = harness.render(rows: 10, columns: 40)
        #expect(grid.text.contains("● REC 00:00 Room 12"))
        #expect(grid.text.contains("Recording goes on."))
        #expect(grid.text.contains("too small"))
    }

    @Test("a source chosen during a dictation moves it there, and the notice says so")
    func sourceNotice() async throws {
        let harness = ScreenHarness()
        #expect(await harness.station.captureSourceChosen("mic").message == "Recording from mic.")
        _ = try await harness.startRecording(named: "Room A")
        #expect(
            await harness.station.captureSourceChosen("mic").message
                == "\"Room A\" records from mic now; what it recorded is kept.")
    }

    @Test("Space on another session while one records says which one paused")
    func switchSays() async throws {
        let harness = ScreenHarness()
        let first = try await harness.startRecording(named: "Ward round")
        try harness.station.createSession(named: "Room 214")
        harness.press(.character(" "))
        await harness.station.settle()
        #expect(first.state == .paused)
        #expect(harness.station.notifier.notifications.first?.message == "Ward round paused; recording Room 214.")
    }

    @Test("session keys in the reports pane act on nothing there and say where they work")
    func keysOfThePane() async throws {
        let harness = ScreenHarness()
        try harness.station.createSession(named: "Room 12")
        _ = try await harness.addReport(session: "Room 12", text: "hello")
        harness.press(.tab, .character("r"))
        #expect(harness.model.dialog == nil, "r does not rename the session of the other pane")
        #expect(harness.station.notifier.notifications.first?.message.contains("renames a session") == true)
        harness.press(.delete)
        #expect(harness.model.dialog == nil)
        #expect(harness.station.sessions.count == 1)
        harness.press(.tab, .character("x"))
        #expect(harness.station.notifier.notifications.first?.message.contains("works on a report") == true)
    }

    @Test("the report view has no confidence figure")
    func noConfidence() async throws {
        let harness = ScreenHarness()
        _ = try await harness.addReport(session: "Room 12", text: "hello")
        harness.press(.tab, .enter)
        #expect(!harness.render().text.contains("confidence"))
    }

    @Test("a recording error in the strip goes once the session records again")
    func errorGoesWithState() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.press(.character(" "))
        await harness.station.settle()
        harness.fixture.capture?.fail(.resume, with: CocoaError(.fileWriteUnknown))
        harness.press(.character(" "))
        #expect(await eventually { session.lastError != nil })
        await harness.station.settle()
        #expect(harness.station.notifier.notifications.contains { $0.kind == .error })
        harness.station.notifier.dropStale()
        #expect(harness.station.notifier.notifications.contains { $0.kind == .error }, "the error still holds")
        if session.state == .recording { harness.press(.character(" ")) }
        harness.press(.character(" "))
        await harness.station.settle()
        #expect(session.state == .recording && session.lastError == nil)
        harness.station.notifier.dropStale()
        #expect(!harness.station.notifier.notifications.contains { $0.kind == .error })
    }
}
