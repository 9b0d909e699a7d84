import StationControl
import StationCore
import StationTUI

/// A station that `StationStartup.open` made ready: what the screen shows, and what `shutDown` stops.
@MainActor
public final class RunningStation {
    public let station: Station
    public let model: ScreenModel
    private let database: any StationStore
    private let background: BackgroundWork
    /// Nil when the socket could not be made (the station says why).
    public let control: ControlServer?

    init(
        station: Station, model: ScreenModel, database: any StationStore, background: BackgroundWork,
        control: ControlServer?
    ) {
        self.station = station
        self.model = model
        self.database = database
        self.background = background
        self.control = control
    }

    /// Stops the background work and the control socket, and keeps the selected session for the next start.
    public func shutDown() async {
        background.cancel()
        control?.stop()
        // A dictation discarded from the control socket can no longer be brought back.
        await station.removeKeptDiscards()
        try? await database.setSetting(SettingKey.selectedSession, station.selectedID?.rawValue)
    }
}
