import Localization
import StationCore

/// The station line by line, for a screen reader, a braille display, SSH or a log (`--lines`, or by
/// itself on a terminal that cannot show the screen): no full screen; every event is said as one plain
/// sentence (`LineEvents`), and commands are read as short words from standard input (`LineCommand`).
/// It drives the same station and report desk as the screen: every rule is theirs; the line mode only
/// asks its questions in words and says what came of them.
@MainActor
public final class LineMode {
    let station: Station
    let desk: ReportDesk
    let store: any ReportStore
    let say: @MainActor (String) -> Void
    let clock: any StationClock
    let reader: LineReader
    let events: LineEvents
    /// What the person was shown of the report they read last (`read 14`), for signing it.
    var reading: ReportReading?
    /// The unsure words of that report, and the last one gone to with `word`.
    var unsure = UnsureWords.none
    var unsureVisited: Int?

    /// The line mode on `running`'s station and desk, reading `lines` and saying each sentence with `say`.
    public init(
        running: RunningLines, lines: AsyncStream<String>, clock: any StationClock,
        say: @escaping @MainActor (String) -> Void
    ) {
        station = running.station
        desk = running.desk
        store = running.runner.database
        self.say = say
        self.clock = clock
        reader = LineReader(lines)
        events = LineEvents(station: running.station, say: say)
    }

    /// The line mode on standard input and output, as `dictation-station --lines` runs it; `stop` ends
    /// the input (a terminating signal), which leaves as the end of input does.
    public static func onStandardStreams(
        running: RunningLines, clock: any StationClock
    ) -> (mode: LineMode, stop: @Sendable () -> Void) {
        let (lines, stop) = LineInput.lines()
        let mode = LineMode(running: running, lines: lines, clock: clock) { LineOutput.say($0) }
        return (mode, stop)
    }

    /// Reads and runs commands until `quit` or the end of input; a recording still running is paused,
    /// so it is kept and comes back paused next time.
    public func run() async {
        station.onReportAdded = { [weak self] report in self?.reportAdded(report) }
        greet()
        events.start()
        while let line = await reader.next() {
            let command = LineCommand(line)
            if command == .quit, await mayQuit() { break }
            await perform(command)
            events.announce()
        }
        events.stop()
        if let recording = station.capturing { recording.pressMainAction() }
        events.announce()
        station.onReportAdded = nil
        say(tr("The station is closed."))
    }

    private func greet() {
        say(tr("Dictation Station, line by line. Type help for the commands."))
        if let session = station.selected {
            let status = SessionSentences.status(of: session)
            say(tr("Selected \(status)"))
        } else {
            say(tr("There is no session yet: record makes one, new NAME makes one with a name."))
        }
    }

    private func perform(_ command: LineCommand) async {
        switch command {
        case .empty, .quit: break
        case .unknown(let message): say(message)
        case .help: LineCommand.helpLines.forEach(say)
        case .record: record()
        case .pause: pause()
        case .send: await send()
        case .discard: await discard()
        case .move(let offset): move(offset)
        case .select(let name): select(name)
        case .new(let name): newSession(name)
        case .sessions: listSessions()
        case .status: status()
        case .reports: await listReports()
        case .read(let id): await read(id)
        case .word: nextUnsureWord()
        case .sign(let id): await sign(id)
        }
    }

    /// Asks the next line; only `y` or `yes` (or the interface language's own, `j` or `ja` in Dutch)
    /// answers yes, anything else (the end of input too) no.
    func confirm(_ question: String) async -> Bool {
        say(question)
        return TerminalAnswer.isYes(await reader.next())
    }

    /// `quit`: at once when nothing would be lost, else after a question naming what holds audio not sent.
    private func mayQuit() async -> Bool {
        let holding = station.sessions.filter(\.hasUnsentAudio)
        guard !holding.isEmpty else { return true }
        let names = holding.map { session in
            let (name, state) = (session.name, SessionSentences.state(of: session))
            return tr("\(name) (\(state))")
        }
        let listed = names.joined(separator: "; ")
        let quit = await confirm(
            tr(
                names.count,
                one:
                    "\(listed) holds audio not sent yet. It is kept and comes back paused next time. Quit now? y quits, n stays",
                other:
                    "\(listed) hold audio not sent yet. It is kept and comes back paused next time. Quit now? y quits, n stays"
            ))
        if !quit { say(tr("The station stays open.")) }
        return quit
    }

    private func reportAdded(_ report: Report) {
        say(SessionSentences.ready(report))
        // The station's own notice says the same in fewer words.
        let name = report.sessionName
        events.alreadySaid(tr("Report ready for \(name)."))
    }
}
