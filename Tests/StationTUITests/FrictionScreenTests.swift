import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// Issue 11's remaining frictions on the screen model and its rendering: the empty dictation's question,
/// the quiet microphone, the missing model and the session's language, messages in full, the source
/// picker and the playback position.
@MainActor
@Suite("The screen before and after a dictation: no speech, quiet input, models, messages, sources, playback")
struct FrictionScreenTests {
    /// A paused dictation of two seconds in "Room 12", whose send found no word.
    func emptyDictation(_ harness: ScreenHarness) async throws -> DictationSession {
        harness.fixture.transcriber.enableLive { FakeLiveTranscription(answer: "") }
        let session = try harness.station.createSession(named: "Room 12")
        harness.press(.character(" "))
        harness.fixture.clock.advance(by: .seconds(2))
        harness.press(.character(" "))
        harness.press(.enter)
        await harness.station.settle()
        return session
    }

    @Test("no speech: the question opens; Enter and Esc keep the dictation, Enter on the session asks again")
    func noSpeechKeeps() async throws {
        let harness = ScreenHarness()
        let session = try await emptyDictation(harness)
        var grid = harness.render()
        #expect(grid.text.contains("No speech recognized"))
        #expect(grid.text.contains("\"Room 12\": No speech was recognized in 2 seconds"), "\(grid.text)")
        #expect(session.noSpeech?.question == "No speech was recognized in 2 seconds — send anyway, or discard?")
        #expect(grid.text.contains("Send anyway") && grid.text.contains("Keep it paused"), "\(grid.text)")
        for key in [Key.enter, .escape] {
            harness.press(key)
            #expect(harness.model.dialog == nil, "\(key) closes the question")
            #expect(session.state == .paused, "\(key) keeps the dictation")
            grid = harness.render()
            #expect(grid.text.contains("No speech was recognized in 2 seconds: Enter asks"), "the pane says so")
            harness.press(.enter)
            guard case .noSpeech(let question) = harness.model.dialog else {
                Issue.record("Enter on the session asks again after \(key)")
                return
            }
            #expect(question.session == session.id)
        }
        #expect(harness.fixture.reports.all.isEmpty)
        #expect(harness.fixture.removedAudio.current.isEmpty)
    }

    @Test("no speech: d asks the discard question, where only y discards; s stores an empty report")
    func noSpeechAnswers() async throws {
        let harness = ScreenHarness()
        let session = try await emptyDictation(harness)
        harness.press(.character("d"))
        guard case .confirm(_, _, .discard) = harness.model.dialog else {
            Issue.record("d opens the discard question: \(String(describing: harness.model.dialog))")
            return
        }
        harness.press(.enter)
        #expect(session.state == .paused, "Enter in the discard question keeps it")
        harness.press(.enter, .character("s"))
        await harness.station.settle()
        #expect(session.state == .notRecording)
        let report = try #require(harness.fixture.reports.all.first)
        #expect(report.text.isEmpty)
        #expect(report.audioFile != nil, "the audio is kept with the report")
    }

    @Test("no speech while another dialog is open: the question waits its turn and then selects its session")
    func noSpeechWaits() async throws {
        let harness = ScreenHarness()
        harness.fixture.transcriber.enableLive { FakeLiveTranscription(answer: "") }
        let session = try harness.station.createSession(named: "Room 12")
        harness.press(.character(" "))
        harness.fixture.clock.advance(by: .seconds(2))
        harness.press(.character(" "))
        // The rename dialog opens while the dictation is being transcribed.
        try harness.station.createSession(named: "Room 14")
        harness.station.select(session.id)
        harness.press(.enter, .character("r"))
        await harness.station.settle()
        guard case .input = harness.model.dialog else {
            Issue.record("the rename dialog stays on top: \(String(describing: harness.model.dialog))")
            return
        }
        harness.press(.escape)
        guard case .noSpeech(let question) = harness.model.dialog else {
            Issue.record("the question comes next: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(question.session == session.id)
        #expect(harness.station.selectedID == session.id)
    }

    @Test("no speech while a search is typed: the question takes the keys, then the sessions list; the search stays")
    func noSpeechDuringSearch() async throws {
        let harness = ScreenHarness()
        harness.fixture.transcriber.enableLive { FakeLiveTranscription(answer: "") }
        let session = try harness.station.createSession(named: "Room 12")
        harness.press(.character(" "))
        harness.fixture.clock.advance(by: .seconds(2))
        harness.press(.character(" "), .enter, .character("/"))
        harness.type("kn")
        await harness.station.settle()
        guard case .noSpeech = harness.model.dialog else {
            Issue.record("the question opens over the search: \(String(describing: harness.model.dialog))")
            return
        }
        harness.press(.escape)
        #expect(harness.model.focus == .sessions && harness.station.selectedID == session.id)
        #expect(harness.model.reportList.searchField == nil, "the field is not left taking keys behind the focus")
        #expect(harness.model.reportList.searchQuery == "kn", "the search stays")
        harness.press(.character("n"))
        guard case .input(_, _, .newSession, _) = harness.model.dialog else {
            Issue.record("n is a key of the main screen again: \(String(describing: harness.model.dialog))")
            return
        }
    }

    @Test("a recording that hears almost nothing says so under the meter")
    func quietInput() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording()
        harness.fixture.capture?.emit(AudioLevel(peak: 0.002, rms: 0.001))
        harness.fixture.clock.advance(by: .seconds(3))
        #expect(await eventually { session.isInputVeryQuiet })
        let grid = harness.render()
        #expect(grid.text.contains("Level very low — is the right microphone selected? (F6)"))
        #expect(grid.role(of: "Level very low") == .warning)
    }

    @Test("a session whose language has no model says so before recording, and L changes its language")
    func missingModel() async throws {
        let catalog = FakeCatalog()
        let harness = ScreenHarness(locales: catalog)
        let session = try harness.station.createSession(named: "Room 12", locale: "de-DE")
        harness.model.refreshModelStates()
        await harness.model.settle()
        var grid = harness.render()
        let flat = grid.text.replacingOccurrences(of: "│", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" })
            .joined(separator: " ")
        #expect(flat.contains("de-DE: no model installed — F5 to install, or L to change this session's"))
        harness.press(.character("L"))
        await harness.model.settle()
        grid = harness.render()
        #expect(grid.text.contains("Language of \"Room 12\""))
        harness.press(.home, .enter)
        await harness.model.settle()
        #expect(session.locale == "en-US")
        #expect(catalog.chosen.current.isEmpty, "the locale of new sessions is not touched")
        #expect(harness.station.locale == "en-US")
        grid = harness.render()
        #expect(!grid.text.contains("no model installed"))
        #expect(grid.text.contains("changed from de-DE to en-US"))
        await harness.station.settle()
        #expect(harness.fixture.sessionStore.saved.first?.locale == "en-US", "persisted")
    }

    @Test("L while recording says why it cannot, in the reports pane where to press it")
    func languageRefused() async throws {
        let harness = ScreenHarness(locales: FakeCatalog())
        _ = try await harness.startRecording()
        harness.press(.character("L"))
        await harness.model.settle()
        #expect(harness.model.dialog == nil)
        #expect(harness.station.notifier.notifications.first?.message.contains("pause it first") == true)
        harness.press(.tab, .character("L"))
        #expect(harness.station.notifier.notifications.first?.message.contains("Tab") == true)
    }

    @Test("a message cut by the strip says m shows it; m shows every recent message in full, any key closes")
    func messagesInFull() async throws {
        let harness = ScreenHarness(rows: 24, columns: 80)
        let cause =
            "downloading https://sourceforge.net/projects/cmusphinx/files/Acoustic%20and%20Language%20Models/"
            + "Dutch/voxforge-nl.tar.gz failed: the server answered 404 Not Found. Check the address."
        harness.station.notifier.error("Could not install the speech model Nederlands (nl-NL): \(cause)")
        var grid = harness.render()
        let strip = harness.model.layout.notifications.row
        #expect(grid.line(strip).contains("M: all"), "\(grid.line(strip))")
        harness.press(.character("M"))
        grid = harness.render()
        #expect(grid.text.contains("Messages, newest first"))
        #expect(grid.text.contains("Found. Check the address."), "the end of the cause shows")
        harness.press(.character("x"))
        #expect(!(harness.model.top is MessagesOverlayController))
        #expect(harness.model.reportView == nil, "the key only closed the overlay")
    }

    @Test("the source picker shows descriptions with names, the default and the one in use")
    func sourcePicker() async throws {
        let sources = FakeSources(
            [
                AudioSource(name: "mic.monitor", description: "Monitor of Speakers", isDefault: false, isMonitor: true),
                AudioSource(name: "alsa_input.usb", description: "USB Headset Microphone", isDefault: true),
                AudioSource(name: "bare", description: "", isDefault: false),
            ], chosen: nil)
        let harness = ScreenHarness(sources: sources)
        harness.press(.character("s"))
        await harness.model.settle()
        guard case .picker(_, let options, let selection, .source) = harness.model.dialog else {
            Issue.record("the picker opens")
            return
        }
        #expect(
            options.map(\.label) == [
                "Monitor of Speakers (mic.monitor)", "USB Headset Microphone (alsa_input.usb)", "bare",
            ])
        #expect(options.map(\.detail) == ["", "● in use, * default", ""])
        #expect(selection == 1, "the source in use is selected")
        let grid = harness.render()
        #expect(grid.text.contains("USB Headset Microphone (alsa_input.usb)"))
        harness.press(.escape)
        sources.chosen.withLock { $0 = "mic.monitor" }
        harness.press(.character("s"))
        await harness.model.settle()
        guard case .picker(_, let chosen, let selected, .source) = harness.model.dialog else { return }
        #expect(chosen.map(\.detail) == ["● in use", "* default", ""])
        #expect(selected == 0)
    }

    @Test("playback shows the position, the length and a bar, and ends as stopped")
    func playbackPosition() async throws {
        let player = ProgressPlayer()
        let harness = ScreenHarness(rows: 24, columns: 80, player: player)
        _ = try await harness.addReport(session: "Room 12", text: "the patient is well")
        harness.press(.tab, .enter, .character("p"))
        await harness.model.settle()
        var grid = harness.render()
        #expect(grid.text.contains("▶ starting…"))
        player.send(PlaybackProgress(state: .playing, position: .seconds(72), duration: .seconds(220)))
        #expect(await eventually { harness.model.reportView?.progress?.position == .seconds(72) })
        grid = harness.render()
        let line = try #require(grid.find("▶ 01:12 / 03:40")).row
        let bar = grid.line(line)
        let filled = bar.filter { $0 == "█" }.count
        let empty = bar.filter { $0 == "·" }.count
        #expect(filled > 0 && empty > 0, "\(bar)")
        let fraction = Double(filled) / Double(filled + empty)
        #expect(abs(fraction - 72.0 / 220.0) < 0.05, "\(bar)")
        harness.press(.character("p"))
        player.send(PlaybackProgress(state: .paused, position: .seconds(73), duration: .seconds(220)))
        #expect(await eventually { harness.model.reportView?.progress?.state == .paused })
        #expect(harness.render().text.contains("‖ 01:13 / 03:40"))
        player.send(PlaybackProgress(state: .finished, position: .seconds(220), duration: .seconds(220)))
        #expect(await eventually { harness.model.reportView?.playback == .stopped })
        #expect(!harness.render().text.contains("03:40"))
    }
}

/// Capture sources as a server would list them; `chosen` is the station's choice (nil: the default).
final class FakeSources: CaptureSourceChoosing, @unchecked Sendable {
    let list: [AudioSource]
    let chosen: Locked<String?>

    init(_ list: [AudioSource], chosen: String?) {
        self.list = list
        self.chosen = Locked(chosen)
    }

    func sources() async throws -> [AudioSource] { list }
    func currentSource() async -> String? { chosen.current }
    func choose(_ source: String) async throws { chosen.withLock { $0 = source } }
}

/// A player whose progress the test sends.
final class ProgressPlayer: AudioPlaying, @unchecked Sendable {
    let progress: AsyncStream<PlaybackProgress>
    private let continuation: AsyncStream<PlaybackProgress>.Continuation

    init() { (progress, continuation) = AsyncStream.makeStream() }

    func send(_ update: PlaybackProgress) { continuation.yield(update) }
    func play(file: URL, from start: Duration) async throws {}
    func pause() async throws {}
    func resume() async throws {}
    func seek(by offset: Duration) async throws {}
    func stop() async {}
}
