import CPulseAudio
import StationCore

/// Whether something more important than the dictation uses the audio now.
struct InterruptionState {
    /// The server asked this stream to cork (module-role-cork and the like do that for playback).
    var serverRequestedCork = false
    /// The phone-role streams of other clients, by kind and index.
    var phoneStreams: Set<String> = []

    var isInterrupted: Bool { serverRequestedCork || !phoneStreams.isEmpty }
}

/// Interruptions: a phone call takes precedence over a dictation.
///
/// PulseAudio's module-role-cork only sends cork requests to playback streams, never to a record
/// stream, so the capture also applies its rule itself: while any stream with media.role=phone
/// exists (playback or record), the dictation is interrupted. Runs on the loop's thread.
extension PulseCapture {
    func updateInterruption(_ change: (inout InterruptionState) -> Void) {
        let was = interruptions.isInterrupted
        change(&interruptions)
        let now = interruptions.isInterrupted
        guard was != now, phase != .ended else { return }
        eventsContinuation.yield(now ? .interruptionBegan : .interruptionEnded(mayResume: true))
    }

    func watchPhoneCalls(on connection: PulseConnection) {
        let me = userdata
        pa_context_set_subscribe_callback(
            connection.context,
            { _, event, index, userdata in
                PulseCapture.from(userdata).assumeIsolated { $0.streamListChanged(event: event, index: index) }
            }, me)
        let mask = pa_subscription_mask_t(
            PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue | PA_SUBSCRIPTION_MASK_SOURCE_OUTPUT.rawValue)
        if let operation = pa_context_subscribe(connection.context, mask, nil, nil) { pa_operation_unref(operation) }
        // A call already going on when the dictation starts.
        if let operation = pa_context_get_sink_input_info_list(connection.context, Self.sinkInputFound, me) {
            pa_operation_unref(operation)
        }
        if let operation = pa_context_get_source_output_info_list(connection.context, Self.sourceOutputFound, me) {
            pa_operation_unref(operation)
        }
    }

    private func streamListChanged(event: pa_subscription_event_type_t, index: UInt32) {
        guard let context = connection?.context else { return }
        let facility = event.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
        let type = event.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
        let isSinkInput = facility == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue
        guard isSinkInput || facility == PA_SUBSCRIPTION_EVENT_SOURCE_OUTPUT.rawValue else { return }
        if type == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue {
            let key = Self.key(sinkInput: isSinkInput, index: index)
            updateInterruption { $0.phoneStreams.remove(key) }
            return
        }
        let me = userdata
        let operation =
            isSinkInput
            ? pa_context_get_sink_input_info(context, index, Self.sinkInputFound, me)
            : pa_context_get_source_output_info(context, index, Self.sourceOutputFound, me)
        if let operation { pa_operation_unref(operation) }
    }

    private static let sinkInputFound: pa_sink_input_info_cb_t = { _, info, eol, userdata in
        guard eol == 0, let info = info?.pointee else { return }
        let (index, role) = (info.index, PulseCapture.role(in: info.proplist))
        PulseCapture.from(userdata).assumeIsolated { $0.noteStream(sinkInput: true, index: index, role: role) }
    }

    private static let sourceOutputFound: pa_source_output_info_cb_t = { _, info, eol, userdata in
        guard eol == 0, let info = info?.pointee else { return }
        let (index, role) = (info.index, PulseCapture.role(in: info.proplist))
        PulseCapture.from(userdata).assumeIsolated { $0.noteStream(sinkInput: false, index: index, role: role) }
    }

    private static func role(in properties: OpaquePointer?) -> String? {
        pa_proplist_gets(properties, PA_PROP_MEDIA_ROLE).map { String(cString: $0) }
    }

    private func noteStream(sinkInput: Bool, index: UInt32, role: String?) {
        if !sinkInput, let stream, pa_stream_get_index(stream) == index { return }
        let key = Self.key(sinkInput: sinkInput, index: index)
        updateInterruption {
            if role == "phone" { $0.phoneStreams.insert(key) } else { $0.phoneStreams.remove(key) }
        }
    }

    private static func key(sinkInput: Bool, index: UInt32) -> String { "\(sinkInput ? "in" : "out")\(index)" }
}
