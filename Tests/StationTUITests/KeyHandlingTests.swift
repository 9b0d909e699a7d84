import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

@Suite("Keys drive the station through the screen model")
@MainActor
struct KeyHandlingTests {
    @Test("Space records, pauses and resumes; Enter on a paused session sends; the report appears")
    func recordPauseSend() async throws {
        let harness = ScreenHarness()
        harness.press(.character("n"))
        harness.type("Room 12")
        harness.press(.enter)
        #expect(harness.model.dialog == nil)
        let session = try #require(harness.station.selected)
        #expect(session.name == "Room 12")
        harness.press(.character(" "))
        #expect(session.state == .recording)
        harness.press(.character(" "))
        #expect(session.state == .paused)
        harness.press(.character(" "))
        #expect(session.state == .recording)
        harness.press(.enter)
        #expect(session.state == .recording, "Enter does not send a running recording")
        harness.press(.character(" "), .enter)
        #expect(session.state == .processing)
        #expect(await eventually { harness.model.reportList.reports.count == 1 })
        await harness.model.settle()
        #expect(harness.model.reportList.reports.first?.sessionName == "Room 12")
        let captureCalls = harness.fixture.log.calls.filter { !$0.hasPrefix("beginLive") && !$0.hasPrefix("finish") }
        #expect(captureCalls.first?.hasPrefix("start \(session.id.rawValue)") == true)
        #expect(captureCalls.dropFirst() == ["pause", "resume", "pause", "stop"])
    }

    @Test("d discards only after confirmation; n keeps the dictation")
    func discard() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.press(.character("d"))
        #expect(harness.model.dialog == nil, "nothing to discard while recording")
        #expect(harness.station.notifier.notifications.first?.message.contains("pause the recording first") == true)
        harness.press(.character(" "), .character("d"))
        guard case .confirm(_, _, .discard) = harness.model.dialog else {
            Issue.record("no confirmation")
            return
        }
        harness.press(.character("n"))
        #expect(session.state == .paused)
        harness.press(.character("d"), .character("y"))
        #expect(session.state == .notRecording)
        await harness.station.settle()
        #expect(harness.fixture.removedAudio.current.count == 1)
    }

    @Test("q quits at once when nothing is unsent, asks first when something is")
    func quit() async throws {
        let harness = ScreenHarness()
        #expect(harness.model.handle(.character("q")) == .quit)
        _ = try await harness.startRecording()
        #expect(harness.model.handle(.character("q")) == .none)
        #expect(harness.model.handle(.character("n")) == .none)
        #expect(harness.model.dialog == nil)
        #expect(harness.model.handle(.function(10)) == .none)
        #expect(harness.model.handle(.character("y")) == .quit)
    }

    @Test("q and Esc close the overlay or the pane first; on the main screen Esc and Ctrl-C never quit, q does")
    func closeBeforeQuit() async throws {
        let harness = ScreenHarness()
        _ = try await harness.addReport(session: "Room 12", text: "hello")
        harness.press(.tab, .enter)
        #expect(harness.model.reportView != nil)
        harness.press(.character("?"))
        #expect(harness.model.top is HelpOverlayController)
        #expect(harness.model.handle(.character("q")) == .none)
        #expect(!(harness.model.top is HelpOverlayController))
        #expect(harness.model.handle(.escape) == .none)
        #expect(harness.model.reportView == nil)
        #expect(harness.model.handle(.escape) == .none, "a second Esc does not quit")
        #expect(harness.station.notifier.notifications.first?.message.contains("press q or F10") == true)
        #expect(harness.model.handle(.control("c")) == .none)
        #expect(harness.model.handle(.character("q")) == .quit)
    }

    @Test("sessions: arrows and j/k select, F4 renames, F8 deletes after asking, a bad name is explained")
    func sessions() throws {
        let harness = ScreenHarness()
        try harness.station.createSession(named: "One")
        try harness.station.createSession(named: "Two")
        harness.press(.character("k"))
        #expect(harness.station.selected?.name == "One")
        harness.press(.down)
        #expect(harness.station.selected?.name == "Two")
        harness.press(.function(4), .home, .character("X"), .enter)
        #expect(harness.station.selected?.name == "XTwo")
        harness.press(.character("n"))
        harness.type("one")
        harness.press(.enter)
        guard case .input(_, _, _, let error?) = harness.model.dialog else {
            Issue.record("a duplicate name must be refused in the dialog")
            return
        }
        #expect(error.contains("already a session"))
        harness.press(.escape, .function(8), .character("y"))
        #expect(harness.station.sessions.map(\.name) == ["One"])
    }

    @Test("Tab switches panes; j/k, PgDn and End move in the report list; Enter opens")
    func reportList() async throws {
        let harness = ScreenHarness(rows: 24)
        for index in 1...40 { _ = try await harness.addReport(session: "S\(index)", text: "report \(index)") }
        harness.press(.tab)
        #expect(harness.model.focus == .reports)
        harness.press(.character("j"), .down)
        #expect(harness.model.reportList.selected?.sessionName == "S38")
        harness.press(.end)
        #expect(harness.model.reportList.selected?.sessionName == "S1")
        #expect(harness.model.reportList.top > 0, "the list scrolled to keep the selection in view")
        harness.press(.home, .pageDown)
        #expect(harness.model.reportList.selection > 1)
        harness.press(.enter)
        #expect(harness.model.reportView?.report.id == harness.model.reportList.selected?.id)
    }

    @Test("/ searches as you type; Esc clears the search")
    func search() async throws {
        let harness = ScreenHarness()
        _ = try await harness.addReport(session: "Room 12", text: "chest pain")
        _ = try await harness.addReport(session: "Ward", text: "broken arm")
        harness.press(.character("/"))
        harness.type("arm")
        await harness.model.settle()
        #expect(harness.model.reportList.reports.map(\.firstLine) == ["broken arm"])
        #expect(harness.render().text.contains("Search: arm"))
        harness.press(.enter)
        #expect(harness.model.reportList.searchField == nil)
        #expect(harness.model.reportList.searchQuery == "arm")
        harness.press(.escape)
        await harness.model.settle()
        #expect(harness.model.reportList.reports.count == 2)
    }

    @Test("e edits in place; Ctrl-S saves a revision; the original stays")
    func editAndSave() async throws {
        let harness = ScreenHarness()
        let report = try await harness.addReport(session: "Room 12", text: "the patent is well")
        harness.press(.tab, .enter, .character("e"))
        #expect(harness.model.editor != nil)
        for _ in 0..<7 { harness.press(.right) }
        harness.press(.character("i"), .control("s"))
        await harness.model.settle()
        #expect(harness.model.editor == nil)
        let stored = try #require(try await harness.fixture.reports.report(id: report.id))
        #expect(stored.text == "the patient is well")
        #expect(stored.originalText == "the patent is well")
        #expect(try await harness.fixture.reports.revisions(id: report.id).count == 1)
        #expect(harness.model.reportView?.report.text == "the patient is well")
    }

    @Test("Esc in the editor asks when there are changes, and closes at once when not")
    func cancelEdit() async throws {
        let harness = ScreenHarness()
        _ = try await harness.addReport(session: "Room 12", text: "text")
        harness.press(.tab, .enter, .character("e"), .escape)
        #expect(harness.model.editor == nil)
        harness.press(.character("e"), .character("x"), .escape)
        #expect(harness.model.editor != nil)
        guard case .confirm(_, _, .abandonEdit) = harness.model.dialog else {
            Issue.record("no question before throwing changes away")
            return
        }
        harness.press(.character("n"))
        #expect(harness.model.editor?.text.text == "xtext")
        harness.press(.control("z"))
        #expect(harness.model.editor?.text.text == "text")
        harness.press(.character("y"), .escape, .character("y"))
        #expect(harness.model.editor == nil)
        #expect(try await harness.fixture.reports.revisions(id: 1).isEmpty)
    }

    @Test("E asks the terminal for the external editor, and what comes back is saved")
    func externalEdit() async throws {
        let harness = ScreenHarness()
        let report = try await harness.addReport(session: "Room 12", text: "before")
        harness.press(.tab)
        #expect(harness.model.handle(.character("E")) == .editExternally(report))
        harness.model.finishExternalEdit(of: report, text: "after")
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: report.id)?.text == "after")
    }

    @Test("x asks for the format, exports the text with its header or the JSON privately, and says where")
    func export() async throws {
        let harness = ScreenHarness()
        let report = try await harness.addReport(session: "Room 12", text: "exported text")
        harness.press(.tab, .character("x"))
        #expect(harness.model.dialog != nil, "x asks which format")
        harness.press(.enter)
        await harness.model.settle()
        let text = harness.exportDirectory.appendingPathComponent("report-\(report.id).txt")
        let written = try String(contentsOf: text, encoding: .utf8)
        #expect(written.hasPrefix("Report \(report.id) · DRAFT, NOT SIGNED\n"), "\(written)")
        #expect(written.contains("\n\nexported text\n"), "\(written)")
        harness.press(.character("x"), .end, .enter)
        await harness.model.settle()
        let json = try Data(contentsOf: harness.exportDirectory.appendingPathComponent("report-\(report.id).json"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["sessionName"] as? String == "Room 12")
        #expect(object["revisions"] is [Any], "the same JSON as `reports export --format json`")
        let attributes = try FileManager.default.attributesOfItem(atPath: text.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(harness.station.notifier.notifications.contains { $0.message.contains(text.path) })
        try? FileManager.default.removeItem(at: harness.exportDirectory)
    }

    @Test("p plays, pauses and seeks ±5 s through the playback port")
    func playback() async throws {
        let player = FakePlayer()
        let harness = ScreenHarness(player: player)
        _ = try await harness.addReport(session: "Room 12", text: "audio")
        harness.press(.tab, .enter, .character("p"))
        #expect(harness.model.reportView?.playback == .playing)
        await harness.model.settle()
        harness.press(.right)
        await harness.model.settle()
        harness.press(.left)
        await harness.model.settle()
        harness.press(.character("p"))
        #expect(harness.model.reportView?.playback == .paused)
        await harness.model.settle()
        harness.press(.character("p"))
        #expect(harness.model.reportView?.playback == .playing)
        await harness.model.settle()
        harness.press(.escape)
        await harness.model.settle()
        #expect(player.calls.current == ["play Room 12.wav", "seek 5", "seek -5", "pause", "resume", "stop"])
    }

    @Test("the locale picker sets the locale of new sessions and hands the choice to the catalog")
    func locale() async throws {
        let catalog = FakeCatalog()
        let harness = ScreenHarness(locales: catalog)
        harness.press(.function(5))
        await harness.model.settle()
        harness.press(.down, .enter)
        await harness.model.settle()
        #expect(harness.station.locale == "de-DE")
        #expect(catalog.chosen.current == ["de-DE"])
    }

    @Test("a mouse click selects the session or the report under it")
    func mouse() async throws {
        let harness = ScreenHarness()
        try harness.station.createSession(named: "One")
        try harness.station.createSession(named: "Two")
        _ = try await harness.addReport(session: "R", text: "first")
        _ = try await harness.addReport(session: "R", text: "second")
        let layout = harness.model.layout
        harness.press(.mouse(Point(row: layout.sessions.row + 1, column: layout.sessions.column + 3)))
        #expect(harness.station.selected?.name == "One")
        harness.press(.mouse(Point(row: layout.reports.row + 2, column: layout.reports.column + 5)))
        #expect(harness.model.focus == .reports)
        #expect(harness.model.reportList.selected?.firstLine == "first")
    }

    @Test("a resize keeps every state: the open editor, its text and its cursor")
    func resizeKeepsState() async throws {
        let harness = ScreenHarness()
        _ = try await harness.addReport(session: "Room 12", text: "keep me")
        harness.press(.tab, .enter, .character("e"), .end, .character("!"))
        let before = harness.model.editor
        _ = harness.render(rows: 10, columns: 30)
        _ = harness.render(rows: 40, columns: 150)
        #expect(harness.model.editor == before)
        #expect(harness.render().text.contains("keep me!"))
    }
}

/// A player that records what it was asked.
final class FakePlayer: AudioPlaying, @unchecked Sendable {
    let calls = Locked<[String]>([])
    func play(file: URL, from start: Duration) async throws {
        calls.withLock { $0.append("play \(file.lastPathComponent)" + (start == .zero ? "" : " from \(start)")) }
    }
    func pause() async throws { calls.withLock { $0.append("pause") } }
    func resume() async throws { calls.withLock { $0.append("resume") } }
    func seek(by offset: Duration) async throws { calls.withLock { $0.append("seek \(offset.components.seconds)") } }
    func stop() async { calls.withLock { $0.append("stop") } }
    let progress = AsyncStream<PlaybackProgress> { $0.finish() }
}

@Suite("Space over an open report")
@MainActor
struct SpaceOverReportTests {
    @Test("Space in the report view records nothing and says where recording starts; a recording goes on")
    func spaceDoesNotRecord() async throws {
        let harness = ScreenHarness()
        let session = try harness.station.createSession(named: "Room 12")
        _ = try await harness.addReport(session: "Room 12", text: "text")
        harness.press(.tab, .enter, .character(" "))
        #expect(harness.model.reportView != nil, "the report stays open")
        #expect(session.state == .notRecording, "nothing records behind the report")
        #expect(harness.lastNotice == "Space records from the sessions pane. Esc closes the report.")
        #expect(!harness.model.keyHelp.keys.contains { $0.keys == "Space" }, "the report view does not offer Space")
        harness.press(.enter)
        #expect(harness.lastNotice == "Enter sends a dictation from the sessions pane. Esc closes the report.")
        harness.press(.character("d"))
        #expect(harness.lastNotice == "d discards a dictation from the sessions pane. Esc closes the report.")
        // Started in the sessions list, a recording goes on over a report: the title line shows it, and
        // Space over the report does not pause it either.
        harness.press(.escape, .tab, .character(" "))
        #expect(session.state == .recording)
        harness.press(.tab, .enter, .character(" "))
        #expect(session.state == .recording)
        #expect(harness.render().line(0).contains("● REC Room 12"), "the title line shows it over the report")
    }

    @Test("Space in the report list and in a question records nothing and says where it records")
    func spaceElsewhere() async throws {
        let harness = ScreenHarness()
        let session = try harness.station.createSession(named: "Room 12")
        _ = try await harness.addReport(session: "Room 12", text: "text")
        harness.press(.tab, .character(" "))
        #expect(session.state == .notRecording, "Space in the report list records nothing")
        #expect(harness.lastNotice == "Space records from the sessions pane. Tab goes there.")
        #expect(!harness.model.keyHelp.keys.contains { $0.keys == "Space" }, "the report list does not offer Space")
        // In the sessions pane it records; the discard question over it takes no Space either.
        harness.press(.tab, .character(" "), .character(" "), .character("d"))
        #expect(session.state == .paused && harness.model.dialog != nil)
        harness.press(.character(" "))
        #expect(session.state == .paused && harness.model.dialog != nil, "the question stays; nothing resumes")
        #expect(harness.lastNotice == "Space records from the sessions pane. Answer this question first: y or n.")
        #expect(harness.model.keyHelp.keys.contains { $0.keys == "Space" } == false)
        harness.press(.escape, .character(" "))
        #expect(session.state == .recording, "back in the sessions pane, Space resumes")
        #expect(harness.model.keyHelp.keys.contains { $0.keys == "Space" && $0.label == "Pause" })
    }
}
