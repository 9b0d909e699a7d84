import StationControl
import StationCore
import StationTUI

/// What every front of a running station shares: its background work and control socket, stopped by
/// `shutDown`, and the store it keeps its settings in.
@MainActor
final class StationRunner {
    let station: Station
    let database: any StationStore
    private let background: BackgroundWork
    /// Nil when the socket could not be made (the station says why), and until the screen's first frame.
    var control: ControlServer?

    init(station: Station, database: any StationStore, background: BackgroundWork, control: ControlServer?) {
        self.station = station
        self.database = database
        self.background = background
        self.control = control
    }

    /// Stops the background work and the control socket, and keeps the selected session for the next start.
    func shutDown() async {
        background.cancel()
        control?.stop()
        // A dictation discarded from the control socket can no longer be brought back.
        await station.removeKeptDiscards()
        try? await database.setSetting(SettingKey.selectedSession, station.selectedID?.rawValue)
    }
}

/// A station that `StationStartup.open` made ready for the screen: what the screen shows, and what
/// `shutDown` stops.
@MainActor
public final class RunningStation {
    let runner: StationRunner
    public let model: ScreenModel

    init(runner: StationRunner, model: ScreenModel) {
        self.runner = runner
        self.model = model
    }

    public var station: Station { runner.station }
    /// Nil when the socket could not be made (the station says why), and until the first frame is drawn.
    public var control: ControlServer? { runner.control }

    /// Stops the background work and the control socket, and keeps the selected session for the next start.
    public func shutDown() async { await runner.shutDown() }
}

/// A station that `StationStartup.openForLines` made ready for the line mode: the station, the report
/// desk the line mode signs through, and what `shutDown` stops.
@MainActor
public final class RunningLines {
    let runner: StationRunner
    public let desk: ReportDesk

    init(runner: StationRunner, desk: ReportDesk) {
        self.runner = runner
        self.desk = desk
    }

    public var station: Station { runner.station }
    public var control: ControlServer? { runner.control }

    public func shutDown() async { await runner.shutDown() }
}
