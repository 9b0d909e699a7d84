import Foundation
import StationCore
import StationTestSupport

@testable import StationTUI

/// A screen model on a station wired to fakes, rendered into a grid, with handles on everything.
@MainActor
final class ScreenHarness {
    let fixture: StationFixture
    let model: ScreenModel
    let exportDirectory: URL
    let lives = Locked<[FakeLiveTranscription]>([])

    init(
        rows: Int = 30, columns: Int = 120, locales: (any LocaleCatalog)? = nil,
        sources: (any CaptureSourceChoosing)? = nil, player: (any AudioPlaying)? = nil, author: String? = nil,
        editLocks: any ReportEditLocking = ProcessLocalEditLocks()
    ) {
        fixture = StationFixture(author: author)
        exportDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("ds-tui-\(UUID().uuidString)")
        let services = ScreenServices(
            reports: fixture.reports, settings: fixture.sessionStore, locales: locales, sources: sources,
            player: player,
            exportDirectory: exportDirectory, clock: fixture.clock, editLocks: editLocks)
        model = ScreenModel(station: fixture.station, services: services)
        model.resize(rows: rows, columns: columns)
        let lives = lives
        fixture.transcriber.enableLive {
            let live = FakeLiveTranscription()
            lives.withLock { $0.append(live) }
            return live
        }
    }

    var station: Station { fixture.station }

    /// Renders into a fresh grid of the model's size.
    func render(rows: Int? = nil, columns: Int? = nil) -> GridCanvas {
        if let rows, let columns { model.resize(rows: rows, columns: columns) }
        let canvas = GridCanvas(rows: model.rows, columns: model.columns)
        ScreenRenderer.render(model, on: canvas)
        return canvas
    }

    func press(_ keys: Key...) {
        for key in keys { model.handle(key) }
    }

    func type(_ text: String) {
        for character in text { model.handle(.character(character)) }
    }

    /// Adds a report to the store as a finished dictation would, and waits for the list to show it.
    func addReport(
        session: String, text: String, transcript: String? = nil, seconds: Int64 = 42
    ) async throws -> Report {
        let report = try await fixture.reports.add(
            NewReport(
                sessionName: session, locale: "en-US", created: fixture.clock.wallTime,
                audioDuration: .seconds(seconds),
                audioFile: URL(fileURLWithPath: "/audio/\(session).wav"), text: text, transcript: transcript,
                confidence: 0.8))
        model.reloadReports()
        await model.settle()
        return report
    }

    /// Starts a recording in a new session and waits until its capture is running.
    func startRecording(named name: String = "Room 12") async throws -> DictationSession {
        let session = try station.createSession(named: name)
        station.toggle()
        await station.settle()
        return session
    }
}
