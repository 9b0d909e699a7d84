import CPulseAudio

/// A connection to the audio server, living on a `PulseLoop`'s thread.
///
/// Only the actor on that loop uses it, and libpulse's callbacks, which run there too; its async
/// calls are `nonisolated(nonsending)` so they never leave the loop's thread. Waiting for the server
/// suspends the caller (the loop keeps serving callbacks) until a callback's `signal()` finds the
/// condition holds, or a libpulse time event ends the wait.
final class PulseConnection {
    let loop: PulseLoop
    let context: OpaquePointer
    /// The server asked for, or nil for libpulse's choice (PULSE_SERVER, then the default).
    let server: String?
    private var wasReady = false
    private var isClosed = false
    private var waits: [ConditionWait] = []
    /// Looks at the waits again in the loop's next round, after the callback that signalled has returned
    /// (libpulse marks an operation done only then).
    private var recheck: OpaquePointer?
    /// Called on the loop thread when a ready connection is lost.
    var onLost: (() -> Void)?

    /// How long the server may take to answer one request before it counts as not answering (a stopped
    /// or wedged server, a PipeWire without its session manager): the capture must never hang on it.
    static let answerLimit: Duration = .seconds(5)

    /// Connects on `loop`, waiting until the server answers or refuses; on the loop thread.
    nonisolated(nonsending) static func open(
        on loop: PulseLoop, server: String?, clientName: String = "Dictation Station"
    ) async throws(PulseError) -> PulseConnection {
        let connection = try PulseConnection(on: loop, server: server, clientName: clientName)
        let context = connection.context
        let settled = await connection.answered {
            let state = pa_context_get_state(context)
            return state == PA_CONTEXT_READY || state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED
        }
        guard settled, pa_context_get_state(context) == PA_CONTEXT_READY else {
            let failure =
                settled
                ? PulseError.last(of: context, "connecting to the audio server")
                : PulseError.timedOut("connecting to the audio server")
            connection.close()
            throw failure
        }
        connection.wasReady = true
        return connection
    }

    private init(on loop: PulseLoop, server: String?, clientName: String) throws(PulseError) {
        let properties = pa_proplist_new()
        pa_proplist_sets(properties, PA_PROP_APPLICATION_NAME, clientName)
        pa_proplist_sets(properties, PA_PROP_APPLICATION_ID, "dictation-station")
        defer { pa_proplist_free(properties) }
        guard let context = pa_context_new_with_proplist(loop.api, clientName, properties) else {
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "creating the audio context")
        }
        self.loop = loop
        self.context = context
        self.server = server
        recheck = loop.api.pointee.defer_new(
            loop.api, { _, _, userdata in PulseConnection.from(userdata).lookAgain() }, userdata)
        loop.api.pointee.defer_enable(recheck, 0)
        pa_context_set_state_callback(
            context, { _, userdata in PulseConnection.from(userdata).stateChanged() }, userdata)
        // Never spawn a server of our own: a missing server must be reported, not hidden.
        guard pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            let error = PulseError.last(of: context, "connecting to the audio server")
            close()
            throw error
        }
    }

    deinit {
        close()
        loop.locked {
            if let recheck { loop.api.pointee.defer_free(recheck) }
            pa_context_unref(context)
        }
    }

    /// Disconnects and ends the waits; on the loop thread, or anywhere once nothing else uses it.
    func close() {
        loop.locked {
            guard !isClosed else { return }
            isClosed = true
            onLost = nil
            pa_context_set_state_callback(context, nil, nil)
            pa_context_disconnect(context)
            let ended = waits
            waits = []
            for wait in ended { wait.end(holding: wait.done(), api: loop.api) }
        }
    }

    private static func from(_ userdata: UnsafeMutableRawPointer?) -> PulseConnection {
        Unmanaged<PulseConnection>.fromOpaque(userdata!).takeUnretainedValue()
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

    /// The user data that makes `signalingSuccess` call this connection's `signal()`.
    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    // MARK: Waiting, on the loop thread

    /// Something changed (audio came, an operation ended, a state moved): the waits whose condition
    /// holds then end, in the loop's next round.
    func signal() {
        guard !waits.isEmpty, let recheck else { return }
        loop.api.pointee.defer_enable(recheck, 1)
    }

    private func lookAgain() {
        loop.api.pointee.defer_enable(recheck, 0)
        let ended = waits.filter { $0.done() }
        guard !ended.isEmpty else { return }
        waits.removeAll { wait in ended.contains { $0 === wait } }
        for wait in ended { wait.end(holding: true, api: loop.api) }
    }

    /// Waits until `done` holds, at most `limit`; returns whether it held.
    nonisolated(nonsending) func until(limit: Duration, _ done: @escaping () -> Bool) async -> Bool {
        if done() { return true }
        guard !isClosed else { return false }
        return await withCheckedContinuation { continuation in
            let wait = ConditionWait(done: done, continuation: continuation)
            let microseconds = pa_usec_t(max(0, limit / .microseconds(1)))
            wait.timer = pa_context_rttime_new(
                context, pa_rtclock_now() + microseconds,
                { _, _, _, userdata in
                    let wait = Unmanaged<ConditionWait>.fromOpaque(userdata!).takeUnretainedValue()
                    wait.connection?.timedOut(wait)
                }, Unmanaged.passUnretained(wait).toOpaque())
            wait.connection = self
            waits.append(wait)
        }
    }

    private func timedOut(_ wait: ConditionWait) {
        waits.removeAll { $0 === wait }
        wait.end(holding: wait.done(), api: loop.api)
    }

    /// Waits for an answer of the server, at most `answerLimit`. A server that let one answer time out
    /// is not waited for again: the next calls fail at once.
    nonisolated(nonsending) func answered(_ done: @escaping () -> Bool) async -> Bool {
        guard !isUnresponsive else { return done() }
        guard await until(limit: Self.answerLimit, done) else {
            isUnresponsive = true
            return false
        }
        return true
    }

    /// Whether a request to the server timed out.
    private(set) var isUnresponsive = false

    /// Waits until `operation` is done (or cancelled because the connection died), at most `answerLimit`.
    nonisolated(nonsending) func complete(_ operation: OpaquePointer?, _ what: String) async throws(PulseError) {
        guard let operation else { throw PulseError.last(of: context, what) }
        defer { pa_operation_unref(operation) }
        guard await answered({ pa_operation_get_state(operation) != PA_OPERATION_RUNNING }) else {
            pa_operation_cancel(operation)
            throw PulseError.timedOut(what)
        }
        guard pa_operation_get_state(operation) == PA_OPERATION_DONE else { throw PulseError.last(of: context, what) }
    }

    /// Waits until `stream` is ready, at most `answerLimit`.
    nonisolated(nonsending) func waitUntilReady(_ stream: OpaquePointer, _ what: String) async throws(PulseError) {
        let settled = await answered {
            let state = pa_stream_get_state(stream)
            return state == PA_STREAM_READY || state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED
        }
        guard settled else { throw PulseError.timedOut(what) }
        guard pa_stream_get_state(stream) == PA_STREAM_READY else { throw PulseError.last(of: context, what) }
    }
}

/// One suspended wait: its condition, its caller, and the time event that ends it at its limit.
private final class ConditionWait {
    let done: () -> Bool
    private let continuation: CheckedContinuation<Bool, Never>
    var timer: OpaquePointer?
    weak var connection: PulseConnection?

    init(done: @escaping () -> Bool, continuation: CheckedContinuation<Bool, Never>) {
        self.done = done
        self.continuation = continuation
    }

    /// Resumes the caller once, and lets go of the time event.
    func end(holding: Bool, api: UnsafeMutablePointer<pa_mainloop_api>) {
        if let timer { api.pointee.time_free(timer) }
        timer = nil
        continuation.resume(returning: holding)
    }
}

/// A stream operation's completion that only wakes the waits of the connection in its user data.
let signalingSuccess: pa_stream_success_cb_t = { _, _, userdata in
    Unmanaged<PulseConnection>.fromOpaque(userdata!).takeUnretainedValue().signal()
}
