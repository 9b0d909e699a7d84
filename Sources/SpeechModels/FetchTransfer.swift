import Foundation
import Localization
import StationSystem
import Synchronization

/// One download in the helper process, seen from the station: the helper's events are read from its
/// output on a thread of their own and counted in the sink (the size limit, the recordings' reserve,
/// the progress), while the watchdog and a cancel may end it from elsewhere. The first failure wins;
/// ending the transfer stops the helper, whose output then closes.
final class FetchTransfer: Sendable {
    private struct State {
        var sink: DownloadSink
        /// Why the station ended it (a limit here, the watchdog), or the helper's own failure.
        var failure: InstallFailure?
        var cancelled = false
        var finished = false
    }

    let url: URL
    private let child: ChildProcess
    private let state: Mutex<State>

    init(url: URL, child: ChildProcess, sink: DownloadSink) {
        self.url = url
        self.child = child
        self.state = Mutex(State(sink: sink))
    }

    /// The bytes in the file so far.
    var received: Int64 { state.withLock { $0.sink.receivedBytes } }

    /// Ends the transfer with `reason`, unless it has already ended.
    func fail(_ reason: InstallFailure) {
        let first = state.withLock { state in
            guard state.failure == nil, !state.cancelled, !state.finished else { return false }
            state.failure = reason
            return true
        }
        if first { child.stopSoon(grace: .seconds(2)) }
    }

    /// The calling task was cancelled: the helper is stopped and the download ends in a cancel.
    func cancel() {
        state.withLock { $0.cancelled = true }
        child.stopSoon(grace: .seconds(2))
    }

    /// Reads the helper's events until its output closes, then collects it. Blocking: on a thread of its own.
    func follow() -> Result<Void, any Error> {
        var pending: [UInt8] = []
        while let output = child.output, let chunk = try? output.read(upTo: 1 << 16), !chunk.isEmpty {
            pending += chunk
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<newline]
                if let event = FetchEvent(line: line) { take(event) }
                pending.removeSubrange(...newline)
            }
        }
        let termination = child.wait(timeout: .seconds(10)) ?? child.stop(grace: .seconds(2))
        return state.withLock { state in
            if state.cancelled { return .failure(CancellationError()) }
            if let failure = state.failure { return .failure(failure) }
            if state.finished { return .success(()) }
            let end = termination?.description ?? tr("it did not end when asked")
            return .failure(InstallFailure.unexpected(tr("the download helper stopped unexpectedly (\(end))")))
        }
    }

    private func take(_ event: FetchEvent) {
        let failure: InstallFailure? = state.withLock { state in
            guard state.failure == nil, !state.cancelled else { return nil }
            do {
                switch event {
                case .accepted(let length): try state.sink.expect(length)
                case .received(let bytes):
                    try state.sink.admit(Int(bytes))
                    state.sink.report(bytes)
                case .finished: state.finished = true
                case .failed(let reason): state.failure = reason
                }
            } catch let reason as InstallFailure {
                return reason
            } catch {
                return .unexpected("\(error)")
            }
            return nil
        }
        if let failure { fail(failure) }
    }
}
