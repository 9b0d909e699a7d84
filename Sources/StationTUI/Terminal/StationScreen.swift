import Foundation
import Localization
import Observation
import StationCore
import StationSystem

/// The station in the terminal: waits for keys, signals and changes, handles them through the screen
/// model, and redraws only when something shown changed. Idle, it sleeps in `poll` and costs no CPU.
@MainActor
public final class StationScreen {
    private enum Event: Sendable {
        case input, resize, terminate, tick
        /// Something the frame numbered so showed changed.
        case redraw(frame: Int)
    }

    private let model: ScreenModel
    private let colors: Bool
    private let highContrast: Bool
    private let environment: [String: String]
    private let clock: any StationClock
    private var terminal: Terminal?
    private var continuation: AsyncStream<Event>.Continuation?
    private var tickTask: Task<Void, Never>?
    private var signalWatch: SignalWatch?
    private var isSuspended = false
    private var needsRedraw = true
    private var frames: FrameWatch?

    public init(
        model: ScreenModel, colors: Bool, highContrast: Bool = false, environment: [String: String],
        clock: any StationClock
    ) {
        self.model = model
        self.colors = colors
        self.highContrast = highContrast
        self.environment = environment
        self.clock = clock
    }

    /// Runs until the person quits or a terminating signal arrives; the terminal is restored after.
    /// Throws, before touching the screen, when the terminal cannot be used.
    public func run() async throws {
        let terminal = try Terminal(colors: colors, highContrast: highContrast, environment: environment)
        // Copies of reports a station that died left in its editor hold patient text: remove them.
        ExternalEditor.removeLeftovers(in: model.services.editingDirectory)
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        self.continuation = continuation
        self.terminal = terminal
        frames = FrameWatch { continuation.yield(.redraw(frame: $0)) }
        watchSignals(continuation)
        let watcher = InputWatcher(
            onInput: { continuation.yield(.input) }, onHangUp: { continuation.yield(.terminate) })
        model.resize(rows: terminal.canvas.rows, columns: terminal.canvas.columns)
        model.reloadReports()
        model.refreshModelStates()
        draw()
        eventLoop: for await event in events {
            switch event {
            case .input:
                guard !isSuspended else { continue }
                let keys = terminal.pendingKeys()
                watcher.acknowledge()
                for key in keys {
                    if key == .resize { resized() }
                    switch model.handle(key) {
                    case .none: break
                    case .quit: break eventLoop
                    case .editExternally(let report): await editExternally(report, watcher: watcher)
                    }
                }
                needsRedraw = true
            case .resize:
                resized()
            case .terminate:
                break eventLoop
            case .redraw(let shown):
                // A change to what an older frame showed is in the frames since (`FrameWatch`).
                if frames?.isCurrent(shown) == true { needsRedraw = true }
            case .tick:
                needsRedraw = true
            }
            if needsRedraw, !isSuspended { draw() }
        }
        await shutDown(watcher: watcher)
    }

    private func resized() {
        guard let terminal else { return }
        terminal.updateSize()
        model.resize(rows: terminal.canvas.rows, columns: terminal.canvas.columns)
        needsRedraw = true
    }

    /// Renders the model, noting what it read, so that any change to it asks for the next frame.
    private func draw() {
        guard let terminal else { return }
        needsRedraw = false
        // Messages about a state that changed go before the frame shows them.
        model.station.notifier.dropStale()
        frames?.draw {
            ScreenRenderer.render(model, on: terminal.canvas)
            terminal.setTitle(windowTitle())
        }
        terminal.present()
        model.firstFrameDrawn()
        updateTicking()
    }

    private func windowTitle() -> String {
        guard let session = model.station.capturing ?? model.station.selected else { return "Dictation Station" }
        // The published time (the stopwatch is not observed), as the screen shows it.
        return StatusLine.text(state: session.state, elapsed: model.shown(session.elapsed), name: session.name)
    }

    /// Turns the spinner only while something processes or installs.
    private func updateTicking() {
        if model.isAnimating, tickTask == nil {
            let clock = clock
            tickTask = Task { [weak self] in
                while !Task.isCancelled {
                    do { try await clock.sleep(for: .milliseconds(125)) } catch { return }
                    self?.model.tick()
                }
            }
        } else if !model.isAnimating, let task = tickTask {
            task.cancel()
            tickTask = nil
        }
    }

    private func editExternally(_ report: Report, watcher: InputWatcher) async {
        guard let terminal else { return }
        isSuspended = true
        terminal.suspend()
        let text = await ExternalEditor.edit(
            report.text, environment: environment, directory: model.services.editingDirectory)
        terminal.resume()
        isSuspended = false
        model.finishExternalEdit(of: report, text: text)
        // Keys typed while the editor ran belonged to it; any it left are dropped by `resume`. Watch again.
        continuation?.yield(.input)
    }

    private func watchSignals(_ continuation: AsyncStream<Event>.Continuation) {
        let handled: [CInt: Event] = [SIGWINCH: .resize, SIGTERM: .terminate, SIGINT: .terminate, SIGHUP: .terminate]
        // Without a watch (no pipe could be made) the signals keep their default actions: the station
        // still ends on SIGTERM, only without saving first.
        signalWatch = try? SignalWatch(Array(handled.keys)) { number in
            if let event = handled[number] { continuation.yield(event) }
        }
    }

    /// Pauses a running recording so it is kept, restores the terminal, and gives pending saves a few
    /// seconds. A dictation still being transcribed is not waited for: it is persisted and comes back
    /// paused with its audio next time.
    private func shutDown(watcher: InputWatcher) async {
        tickTask?.cancel()
        if let recording = model.station.capturing { recording.pressMainAction() }
        watcher.stop()
        signalWatch?.cancel()
        terminal?.stop()
        terminal = nil
        continuation?.finish()
        let station = model.station
        let model = model
        let clock = clock
        // Whichever comes first: everything saved, or five seconds.
        let (finished, finish) = AsyncStream.makeStream(of: Void.self)
        Task { @MainActor in
            await station.settle()
            await model.settle()
            finish.yield()
        }
        Task {
            try? await clock.sleep(for: .seconds(5))
            finish.yield()
        }
        for await _ in finished { break }
    }
}
