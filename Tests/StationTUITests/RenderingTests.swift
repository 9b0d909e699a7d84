import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

@Suite("Rendering every pane into a grid")
@MainActor
struct RenderingTests {
    @Test("an empty station shows every pane, the title with the locale, and the keys that apply")
    func emptyStation() async {
        let harness = ScreenHarness()
        // The first frame comes before the store has been read: it does not say there are no reports.
        harness.model.reloadReports()
        let first = harness.render()
        #expect(first.text.contains("Reading the reports…"))
        #expect(!first.text.contains("No reports yet."))
        await harness.model.settle()
        let grid = harness.render()
        #expect(grid.line(0).hasPrefix(" Dictation Station · en-US"))
        #expect(grid.role(at: Point(row: 0, column: 3)) == .title)
        #expect(grid.text.contains("Sessions"))
        #expect(grid.text.contains("No sessions yet."))
        #expect(grid.text.contains("No session selected."))
        #expect(grid.text.contains("No reports yet."))
        #expect(!grid.text.contains("Reading the reports"))
        let bar = grid.line(grid.rows - 1)
        #expect(bar.contains("Space") && bar.contains("Record") && bar.contains("F2") && bar.contains("Quit"))
        #expect(!bar.contains("Send"), "Enter sends only a paused dictation")
    }

    @Test("the title names the clinic store the station works on, and nothing for the person's own store")
    func storeInTitle() {
        let harness = ScreenHarness()
        #expect(!harness.render().line(0).contains("clinic store"))
        harness.model.storeName = "clinic store “dbname=clinic”"
        #expect(harness.render().line(0).hasPrefix(" Dictation Station · en-US · clinic store “dbname=clinic”"))
    }

    @Test("a narrow key bar keeps Help and Quit and drops keys before them")
    func narrowKeyBar() throws {
        let harness = ScreenHarness()
        try harness.station.createSession(named: "Room 12")
        let bar = harness.render(rows: 20, columns: 50).line(19)
        #expect(bar.contains("Space Record"))
        #expect(bar.contains("F1 Help") && bar.contains("F10 Quit"), "\(bar)")
        #expect(!bar.contains("Search"))
    }

    @Test("an install in progress shows in the title line")
    func install() {
        let harness = ScreenHarness()
        harness.model.installStatus = "de-DE 42%"
        #expect(harness.render().line(0).contains("Installing de-DE 42%"))
    }

    @Test("recording: state in words and red, timer, level meter, live partial transcript")
    func recording() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.fixture.clock.advance(by: .seconds(135))
        #expect(await eventually { session.elapsed == .seconds(135) })
        harness.fixture.capture?.emit(AudioLevel(peak: 0.95, rms: 0.5))
        #expect(await eventually { session.level.peak == 0.95 })
        harness.lives.current.last?.publish("the patient reports chest pain")
        #expect(await eventually { !session.partialTranscript.isEmpty })
        let grid = harness.render()
        #expect(grid.role(of: "RECORDING") == .recording)
        #expect(grid.text.contains("02:15"))
        #expect(grid.text.contains("Space pauses"))
        #expect(grid.text.contains("Level ██"))
        #expect(grid.role(of: "█") == .meterLow)
        #expect(grid.cells.flatMap { $0 }.contains { $0.role == .meterHigh }, "a loud peak reaches the high part")
        #expect(grid.text.contains("the patient reports chest pain"))
        #expect(grid.text.contains("● Room 12"))
        #expect(grid.line(0).contains("● REC Room 12"))
        #expect(grid.line(grid.rows - 1).contains("Pause"))
    }

    @Test("the live transcript shows a new paragraph as an empty line, not as line-break symbols")
    func liveParagraph() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.lives.current.last?.publish("Pulse eighty eight.\n\nOn examination")
        #expect(await eventually { !session.partialTranscript.isEmpty })
        let grid = harness.render()
        #expect(!grid.text.contains("␊"), "\(grid.text)")
        let rows = (0..<grid.rows).map { grid.line($0) }
        let first = try #require(rows.firstIndex { $0.contains("Pulse eighty eight.") })
        let second = rows.firstIndex { $0.contains("On examination") }
        #expect(second == first + 2, "a paragraph break leaves one empty line: \(rows[first...])")
    }

    @Test("paused: yellow words, the kept time, and Enter and d on the key bar")
    func paused() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.fixture.clock.advance(by: .seconds(61))
        #expect(await eventually { session.elapsed == .seconds(61) })
        harness.station.toggle()
        let grid = harness.render()
        #expect(grid.role(of: "PAUSED") == .paused)
        #expect(grid.text.contains("01:01"))
        #expect(grid.text.contains("‖ Room 12"))
        let bar = grid.line(grid.rows - 1)
        #expect(bar.contains("Resume") && bar.contains("Send") && bar.contains("Discard"))
    }

    @Test("processing: a spinner that turns, and no timer")
    func processing() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.station.toggle()
        // Rendered before any await, so the transcription cannot finish in between.
        session.pressSend()
        #expect(session.state == .processing)
        let first = harness.render()
        #expect(first.role(of: "TRANSCRIBING") == .processing)
        #expect(harness.model.isAnimating)
        let before = first.text
        harness.model.tick()
        let after = harness.render().text
        #expect(before != after, "the spinner moved")
        #expect(after.contains("d cancels"))
    }

    @Test("an error shows what happened and what to do, in the error role")
    func error() async throws {
        let harness = ScreenHarness()
        harness.fixture.reports.failWrites(with: CocoaError(.fileWriteOutOfSpace))
        let session = try await harness.startRecording()
        harness.station.toggle()
        harness.station.send()
        #expect(await eventually { session.lastError != nil })
        let grid = harness.render()
        #expect(grid.role(of: "The report could not be saved.") == .error)
        #expect(grid.text.contains("free some disk space"))
        #expect(grid.text.contains("✖"), "the notification strip shows it too")
    }

    @Test("notifications: newest first, coloured by kind, with a count of those waiting")
    func notifications() {
        let harness = ScreenHarness(rows: 30)
        harness.station.notifier.info("first note")
        harness.station.notifier.warning("second note")
        harness.station.notifier.error("third note")
        harness.station.notifier.info("fourth note")
        let grid = harness.render()
        let strip = harness.model.layout.notifications
        #expect(grid.line(strip.row).contains("fourth note"))
        #expect(grid.line(strip.row + 1).contains("third note"))
        #expect(grid.role(of: "third note") == .error)
        #expect(grid.line(strip.row + 2).contains("+2 more"))

        let small = ScreenHarness(rows: 20)
        small.station.notifier.warning("only row")
        small.station.notifier.info("newest")
        let line = small.render().line(small.model.layout.notifications.row)
        #expect(line.contains("newest") && line.contains("(+1 more)"))
    }

    @Test("the report list shows newest first with time, session, duration, status and first line")
    func reportList() async throws {
        let harness = ScreenHarness()
        _ = try await harness.addReport(session: "Ward round", text: "older report\nsecond line")
        _ = try await harness.addReport(session: "Room 12", text: "newest report", seconds: 75)
        // The duration joins the columns from 140 inside the border.
        let grid = harness.render(rows: 30, columns: 142)
        let newest = try #require(grid.find("newest report"))
        let older = try #require(grid.find("older report"))
        #expect(newest.row < older.row)
        #expect(grid.line(newest.row).contains("Room 12"))
        #expect(grid.line(newest.row).contains("01:15"))
        #expect(grid.line(newest.row).contains("draft"))
        #expect(!grid.text.contains("second line"), "not in the list: the rows below it are the preview's")
    }

    @Test("a report whose numbers were written as digits is not called corrected until a person changes it")
    func formattedIsNotCorrected() async throws {
        let harness = ScreenHarness(rows: 24, columns: 80)
        let report = try await harness.addReport(
            session: "Room 12", text: "Blood pressure 120/80.",
            transcript: "Blood pressure one hundred twenty over eighty.")
        harness.press(.tab, .enter)
        var grid = harness.render()
        #expect(grid.text.contains("Blood pressure 120/80."))
        #expect(!grid.text.contains("· corrected"), "formatting is no correction")
        harness.press(.character("o"))
        #expect(harness.render().text.contains("Blood pressure one hundred twenty over eighty."))
        harness.press(.character("o"))
        _ = try await harness.fixture.reports.revise(
            id: report.id, text: "Blood pressure 130/80.", at: Date(), by: "anna", reason: nil)
        harness.press(.character("q"))
        harness.model.reloadReports()
        await harness.model.settle()
        harness.press(.enter)
        grid = harness.render()
        #expect(grid.text.contains("Blood pressure 130/80."))
        #expect(grid.text.contains("· corrected"))
    }

    @Test("the report view wraps the text, shows details, and the original on request")
    func reportView() async throws {
        let harness = ScreenHarness(rows: 24, columns: 60)
        let report = try await harness.addReport(
            session: "Room 12", text: "the patient is well and may go home tomorrow after the morning round")
        _ = try await harness.fixture.reports.revise(
            id: report.id, text: "Corrected text.", at: Date(), by: "anna", reason: nil)
        harness.model.reloadReports()
        await harness.model.settle()
        harness.press(.tab, .enter)
        var grid = harness.render()
        #expect(grid.text.contains("Report #1"))
        #expect(grid.text.contains("corrected"))
        #expect(grid.text.contains("Corrected text."))
        harness.press(.character("o"))
        grid = harness.render()
        #expect(grid.text.contains("Original transcript"))
        #expect(grid.text.contains("the patient is well and may go home"))
        let first = try #require(grid.find("the patient is well"))
        let last = try #require(grid.find("morning round"))
        #expect(last.row == first.row + 1, "wrapped onto the next line")
    }

    @Test("the editor shows the text with the cursor where the model has it")
    func editor() async throws {
        let harness = ScreenHarness()
        _ = try await harness.addReport(session: "Room 12", text: "abc")
        harness.press(.tab, .character("e"), .end, .character("!"))
        let grid = harness.render()
        #expect(grid.text.contains("Editing report #1 · modified"))
        let text = try #require(grid.find("abc!"))
        #expect(grid.cursor == Point(row: text.row, column: text.column + 4))
    }

    @Test("help lists every key of the pane underneath")
    func help() {
        let harness = ScreenHarness()
        harness.press(.character("?"))
        let grid = harness.render()
        #expect(grid.text.contains("Keys: Sessions"))
        for binding in harness.model.sessionsList.keyHelp.keys {
            #expect(grid.text.contains(binding.help), "\(binding.help)")
        }
    }

    @Test("dialogs: a question, a name field with its error, a picker")
    func dialogs() async {
        let harness = ScreenHarness(locales: FakeCatalog())
        harness.press(.character("n"))
        harness.type("\u{1B}[31m")
        var grid = harness.render()
        #expect(grid.text.contains("New session"))
        #expect(grid.text.contains("␛[31m"))
        harness.press(.enter)
        grid = harness.render()
        #expect(grid.text.contains("control characters"))
        harness.press(.escape, .character("l"))
        await harness.model.settle()
        grid = harness.render()
        #expect(grid.text.contains("Locale for new sessions"))
        #expect(grid.text.contains("de-DE") && grid.text.contains("not installed"))
        #expect(grid.text.contains("installed (system)"))
    }

    @Test(
        "below the minimum size a clear message asks for a larger terminal", arguments: [(10, 40), (15, 80), (40, 49)])
    func tooSmall(rows: Int, columns: Int) {
        let grid = ScreenHarness().render(rows: rows, columns: columns)
        #expect(grid.text.contains("too small"))
        #expect(grid.text.contains("\(columns)×\(rows)"))
    }

    @Test("narrow and wide sizes both show every pane without overflowing", arguments: [(16, 50), (24, 80), (50, 200)])
    func sizes(rows: Int, columns: Int) async throws {
        let harness = ScreenHarness()
        _ = try await harness.startRecording(named: "A very long session name that goes on and on and on")
        _ = try await harness.addReport(session: "Room 12", text: String(repeating: "word ", count: 100))
        harness.press(.tab)
        let grid = harness.render(rows: rows, columns: columns)
        #expect(grid.text.contains("Sessions"))
        #expect(grid.text.contains("word word"), "at least one report row shows")
        #expect(grid.text.contains("Recording"))
        #expect(grid.text.contains("Reports"))
        #expect(grid.text.contains("RECORDING"))
        #expect(grid.text.contains("…"), "long text is cut with an ellipsis")
        for row in 0..<rows {
            #expect(grid.cells[row].count == columns)
        }
    }

    @Test("hostile names and transcripts never reach the grid as control characters")
    func hostile() async throws {
        let harness = ScreenHarness()
        let evil = "Evil\u{1B}]0;x\u{07}\u{9B}2J\u{202E}"
        _ = try await harness.addReport(session: evil, text: "line\u{1B}[2J\r\nnext\u{0}")
        harness.station.notifier.error("bad \u{1B}[5m thing")
        var grid = harness.render()
        harness.press(.tab, .enter)
        grid = harness.render()
        for row in grid.cells {
            for cell in row {
                #expect(!cell.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            }
        }
        #expect(grid.text.contains("␛[2J"))
    }

    @Test("wide characters take two cells and stay aligned with the box")
    func wideCharacters() async throws {
        let harness = ScreenHarness()
        _ = try await harness.startRecording(named: "病室 12 😀")
        let grid = harness.render()
        let mark = try #require(grid.find("● 病室 12 😀"))
        let start = Point(row: mark.row, column: mark.column + 2)
        #expect(grid.cells[start.row][start.column].text == "病")
        #expect(grid.cells[start.row][start.column + 1].text == "", "the right half of 病")
        #expect(grid.cells[start.row][start.column + 8].text == "😀", "two wide characters, a space and 12 before it")
        let sessions = harness.model.layout.sessions
        #expect(grid.cells[start.row][sessions.right - 1].text == "│", "the border stays in its column")
    }
}

/// A catalog of three locales in different install states.
struct FakeCatalog: LocaleCatalog {
    let chosen = Locked<[String]>([])

    func options() async -> [LocalePickerEntry] {
        [
            LocalePickerEntry(locale: "en-US", name: "English (US)", state: .system),
            LocalePickerEntry(locale: "de-DE", name: "German", state: .notInstalled),
            LocalePickerEntry(locale: "fr-FR", name: "French", state: .installing(percent: 30)),
        ]
    }

    func choose(_ locale: String) async { chosen.withLock { $0.append(locale) } }
}
