import Localization

/// A capture source chosen while a dictation is under way (F6: "is the right microphone selected?")
/// must rescue that dictation, not only the next one: its capture moves to the new source.
extension Station {
    /// Moves every open capture to `source` and says what changed: a recording goes on from it at once,
    /// a paused dictation resumes from it. Fails, saying so, when a capture could not move; that one
    /// goes on from the source it had.
    public func captureSourceChosen(_ source: String) async -> CommandOutcome {
        let underWay = sessions.filter { $0.state == .recording || $0.state == .paused }
        guard !underWay.isEmpty else {
            return CommandOutcome(succeeded: true, message: tr("Recording from \(source)."))
        }
        var lines: [String] = []
        var succeeded = true
        for session in underWay {
            // A paused dictation with no capture open (after a restart) opens its next one on the choice.
            if let move = session.moveCapture(toSource: source) {
                do {
                    try await move.value
                } catch {
                    succeeded = false
                    let reason = RecordingError(error).message
                    lines.append(
                        tr(
                            "\"\(session.name)\" could not move to \(source) (\(reason)); it goes on from the source it had."
                        ))
                    continue
                }
            }
            switch session.state {
            case .recording:
                lines.append(tr("\"\(session.name)\" records from \(source) now; what it recorded is kept."))
            case .paused: lines.append(tr("\"\(session.name)\" resumes from \(source)."))
            case .notRecording, .processing: break
            }
        }
        if lines.isEmpty { lines = [tr("Recording from \(source).")] }
        return CommandOutcome(succeeded: succeeded, message: lines.joined(separator: " "))
    }
}
