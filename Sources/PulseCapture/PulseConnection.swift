import CPulseAudio
import Foundation

/// A connection to the audio server, served by libpulse's threaded mainloop on its own thread.
///
/// Callbacks run on the mainloop thread with the mainloop lock held; everything else takes the lock
/// with `locked` before touching the context or a stream. Blocking waits (`wait(for:)`) are for the
/// callers' control queues, never the main thread.
final class PulseConnection: @unchecked Sendable {
    let mainloop: OpaquePointer
    let context: OpaquePointer
    /// The server asked for, or nil for libpulse's choice (PULSE_SERVER, then the default).
    let server: String?
    private var wasReady = false
    /// Called on the mainloop thread, lock held, when a ready connection is lost.
    var onLost: (() -> Void)?

    /// Connects, waiting until the server answers or refuses.
    init(server: String?, clientName: String = "Dictation Station") throws(PulseError) {
        guard let mainloop = pa_threaded_mainloop_new() else {
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "starting the audio thread")
        }
        let properties = pa_proplist_new()
        pa_proplist_sets(properties, PA_PROP_APPLICATION_NAME, clientName)
        pa_proplist_sets(properties, PA_PROP_APPLICATION_ID, "dictation-station")
        defer { pa_proplist_free(properties) }
        guard let context = pa_context_new_with_proplist(pa_threaded_mainloop_get_api(mainloop), clientName, properties)
        else {
            pa_threaded_mainloop_free(mainloop)
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "creating the audio context")
        }
        self.mainloop = mainloop
        self.context = context
        self.server = server
        pa_context_set_state_callback(
            context,
            { context, userdata in
                Unmanaged<PulseConnection>.fromOpaque(userdata!).takeUnretainedValue().stateChanged()
            }, Unmanaged.passUnretained(self).toOpaque())
        pa_threaded_mainloop_start(mainloop)
        do {
            try locked { () throws(PulseError) in
                // Never spawn a server of our own: a missing server must be reported, not hidden.
                guard pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
                    throw PulseError.last(of: context, "connecting to the audio server")
                }
                let settled = wait {
                    let state = pa_context_get_state(context)
                    return state == PA_CONTEXT_READY || state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED
                }
                guard settled else { throw PulseError.timedOut("connecting to the audio server") }
                guard pa_context_get_state(context) == PA_CONTEXT_READY else {
                    throw PulseError.last(of: context, "connecting to the audio server")
                }
                wasReady = true
            }
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
        pa_context_unref(context)
        pa_threaded_mainloop_free(mainloop)
    }

    private var isClosed = false

    /// Disconnects and stops the mainloop thread; call it off the mainloop thread. The mainloop itself
    /// is freed with the connection, so late timers can still take its lock.
    func close() {
        let closing = locked { () -> Bool in
            guard !isClosed else { return false }
            isClosed = true
            onLost = nil
            pa_context_set_state_callback(context, nil, nil)
            pa_context_disconnect(context)
            return true
        }
        if closing { pa_threaded_mainloop_stop(mainloop) }
    }

    private func stateChanged() {
        let state = pa_context_get_state(context)
        if wasReady, state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
            wasReady = false
            onLost?()
        }
        signal()
    }

    /// Whether the server is still connected.
    var isReady: Bool { pa_context_get_state(context) == PA_CONTEXT_READY }

    /// Runs `body` holding the mainloop lock.
    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pa_threaded_mainloop_lock(mainloop)
        defer { pa_threaded_mainloop_unlock(mainloop) }
        return try body()
    }

    /// Sleeps until a callback signals; lock held.
    func wait() { pa_threaded_mainloop_wait(mainloop) }

    /// Wakes the waiters; lock held.
    func signal() { pa_threaded_mainloop_signal(mainloop, 0) }

    /// How long the server may take to answer one request before it counts as not answering (a stopped
    /// or wedged server, a PipeWire without its session manager): the capture must never hang on it.
    static let answerLimit: Duration = .seconds(5)

    /// Sleeps until `done` holds, at most `limit`; lock held. Returns whether it held.
    func wait(limit: Duration = PulseConnection.answerLimit, until done: () -> Bool) -> Bool {
        // A server that let one request time out is not waited for again: the next calls fail at once.
        guard !isUnresponsive else { return done() }
        let deadline = ContinuousClock.now + limit
        signal(after: limit)
        while !done() {
            if ContinuousClock.now >= deadline {
                isUnresponsive = true
                return false
            }
            wait()
        }
        return true
    }

    /// Whether a request to the server timed out; lock held.
    private(set) var isUnresponsive = false

    /// Waits until `operation` is done (or cancelled because the connection died), at most
    /// `answerLimit`; lock held.
    func wait(for operation: OpaquePointer?, _ what: String) throws(PulseError) {
        guard let operation else { throw PulseError.last(of: context, what) }
        defer { pa_operation_unref(operation) }
        guard wait(until: { pa_operation_get_state(operation) != PA_OPERATION_RUNNING }) else {
            pa_operation_cancel(operation)
            throw PulseError.timedOut(what)
        }
        guard pa_operation_get_state(operation) == PA_OPERATION_DONE else { throw PulseError.last(of: context, what) }
    }

    /// Waits until `stream` is ready, at most `answerLimit`; lock held.
    func waitUntilReady(_ stream: OpaquePointer, _ what: String) throws(PulseError) {
        let settled = wait {
            let state = pa_stream_get_state(stream)
            return state == PA_STREAM_READY || state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED
        }
        guard settled else { throw PulseError.timedOut(what) }
        guard pa_stream_get_state(stream) == PA_STREAM_READY else { throw PulseError.last(of: context, what) }
    }

    /// Wakes the waiters after `duration`, so a wait for data that never comes ends.
    func signal(after duration: Duration) {
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [weak self] in
            guard let self else { return }
            self.locked { if !self.isClosed { self.signal() } }
        }
    }

    /// The user data that makes `signalingSuccess` wake this connection's waiters.
    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// A stream operation's completion that only wakes the waiters of the connection in its user data.
let signalingSuccess: pa_stream_success_cb_t = { _, _, userdata in
    Unmanaged<PulseConnection>.fromOpaque(userdata!).takeUnretainedValue().signal()
}
