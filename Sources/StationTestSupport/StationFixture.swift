import Foundation
import StationCore

/// A station wired to fakes, with handles on every fake, for tests of the core.
@MainActor
public final class StationFixture {
    public let clock = ManualClock()
    public let log = CallLog()
    public let transcriber: FakeTranscriber
    public let reporter = RecordingReporter()
    public let reports: InMemoryReportStore
    public let sessionStore: InMemorySessionStore
    public let diagnostics = InMemoryLog()
    public let removedAudio = Locked<[URL]>([])
    /// Every capture made, in order; the last one is the current.
    public let captures = Locked<[FakeCapture]>([])
    public let station: Station

    /// A station wired to fakes. Pass `sessionStore` and `ownership` to stand in for a second station
    /// process on the same data directory; `recoverAudio` readies a recording's file and says how long it is.
    public init(
        jitter: Int = 0, restoring records: [SessionRecord] = [], sessionStore shared: InMemorySessionStore? = nil,
        ownership: any DictationOwnership = ProcessLocalOwnership(),
        recoverAudio: @escaping @Sendable (URL) -> Duration? = { _ in nil }, author: String? = nil,
        voiceProfiles: (any VoiceProfileTraining)? = nil
    ) {
        transcriber = FakeTranscriber(log: log)
        sessionStore = shared ?? InMemorySessionStore(records)
        reports = InMemoryReportStore(sessions: sessionStore)
        let log = log
        let captures = captures
        let removedAudio = removedAudio
        let audioCount = Locked(0)
        let dependencies = SessionDependencies(
            makeCapture: {
                let capture = FakeCapture(log: log, jitter: jitter)
                captures.withLock { $0.append(capture) }
                return capture
            },
            transcriber: transcriber,
            reporter: reporter,
            clock: clock,
            log: diagnostics,
            makeAudioFile: { id in
                let number = audioCount.withLock { count -> Int in
                    count += 1
                    return count
                }
                return URL(fileURLWithPath: "/audio/\(id.rawValue)-\(number).wav")
            },
            removeAudio: { url in removedAudio.withLock { $0.append(url) } },
            ownership: ownership, recoverAudio: recoverAudio)
        station = Station(
            dependencies: StationDependencies(
                session: dependencies, reports: reports, sessions: sessionStore, author: author,
                voiceProfiles: voiceProfiles),
            locale: "en-US")
    }

    /// The capture of the latest recording.
    public var capture: FakeCapture? { captures.current.last }

    /// A session wired like the station's, made directly.
    public func makeSession(named name: String = "Room 12") -> DictationSession {
        try! station.createSession(named: name)
    }
}
