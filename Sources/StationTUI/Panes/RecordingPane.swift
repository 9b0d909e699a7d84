import Localization
import StationCore

/// The selected session in detail: its name and patient, its state in words and colour, the timer, the level
/// meter, and the live transcript or the last error.
@MainActor
enum RecordingPane {
    static func draw(_ model: ScreenModel, into writer: CanvasWriter) {
        let inner = writer.box(title: tr("Recording"))
        guard let session = model.station.selected else {
            inner.text(tr("No session selected."), row: 0, role: .dim)
            inner.text(tr("Press n for a new session, or Space to start dictating at once."), row: 1, role: .dim)
            return
        }
        let fit = inner.fit
        let locale = session.locale
        let labelWidth = inner.area.width - fit.width(locale) - 1
        inner.text(fit.fit(SessionLabel.parts(session), width: labelWidth), row: 0, role: .heading, width: labelWidth)
        inner.text(locale, row: 0, column: inner.area.width - fit.width(locale), role: .dim)
        if let remote = session.heldElsewhere {
            drawHeldElsewhere(remote, into: inner)
            return
        }

        var words = " \(StateStyle.words(session.state)) "
        if session.state == .processing {
            words = tr(" \(StateStyle.mark(.processing, phase: model.quiet ? 0 : model.spinnerPhase)) TRANSCRIBING ")
        }
        var column = inner.text(words, row: 1, role: StateStyle.role(session.state))
        if session.state == .recording || session.state == .paused {
            column = inner.text(
                " " + ElapsedTimeFormat.string(for: model.shown(session.elapsed)), row: 1, column: column,
                role: .heading)
        }
        inner.text("  " + hint(for: session), row: 1, column: column, role: .dim)

        if session.state == .recording, model.quiet {
            // Not read at all: a level that changes many times a second would ask for as many frames.
            inner.text(tr("Level meter off on the quiet screen (F7)"), row: 2, role: .dim)
        } else if session.state == .recording {
            meter(session.level, hold: model.sessionsList.heldPeak(session.level), into: inner, row: 2)
        }
        // Below the meter: what needs the person's attention first, then the live transcript.
        var row = session.state == .recording ? 3 : 2
        var notes = SessionNotes.notes(for: session, model: model)
        if session.state == .recording, let pace = session.decodingPace, pace.isBehind {
            let seconds = Int(pace.behind.components.seconds)
            notes.append(
                (
                    tr(
                        "Transcription is \(seconds) s behind (the computer is busy): the text comes later after Enter."
                    ), .warning
                ))
        }
        if let error = session.lastError {
            notes += [(error.message, .error), (error.recoveryHint, .error)]
        }
        for note in notes {
            for line in fit.wrap(SafeText.line(note.text), width: inner.area.width) where row < inner.area.height {
                inner.text(line, row: row, role: note.role)
                row += 1
            }
        }
        let room = inner.area.height - row
        guard room > 0, session.lastError == nil, !session.partialTranscript.isEmpty else { return }
        // A new paragraph is an empty line, as in the report, not a symbol for each line break.
        let lines = fit.wrapLines(SafeText.lines(session.partialTranscript), width: inner.area.width)
        for (offset, line) in lines.suffix(room).enumerated() {
            inner.text(line, row: row + offset, role: .normal)
        }
    }

    /// A dictation another station process holds: its state as last saved there, and who holds it.
    static func drawHeldElsewhere(_ remote: RemoteDictation, into inner: CanvasWriter) {
        var column = inner.text(tr(" HELD ELSEWHERE "), row: 1, role: StateStyle.role(remote.state))
        column = inner.text(
            " \(StateStyle.words(remote.state)) \(ElapsedTimeFormat.string(for: remote.elapsed))", row: 1,
            column: column, role: .heading)
        let lines = inner.fit.wrap(
            SafeText.line(tr("Being dictated by \(remote.holderName): record, send or discard it there.")),
            width: inner.area.width)
        for (offset, line) in lines.prefix(max(0, inner.area.height - 2)).enumerated() {
            inner.text(line, row: 2 + offset, role: .dim)
        }
    }

    /// What the keys do now, in a few words.
    static func hint(for session: DictationSession) -> String {
        switch session.state {
        case .notRecording: tr("Space records")
        case .recording: tr("Space pauses")
        case .paused: tr("Space resumes · Enter sends · d discards")
        case .processing: tr("d cancels")
        }
    }

    /// The level on the dBFS scale `record` uses: the RMS fills the bar (the loud part in its own role),
    /// `│` marks the held peak, `CLIP` shows when a peak reached full scale, and the RMS is written in dB.
    static func meter(_ level: AudioLevel, hold: PeakHold, into writer: CanvasWriter, row: Int) {
        let rms = LevelScale.decibels(level.rms)
        let figure = rms <= LevelScale.floor ? tr(" < -60 dB") : String(format: tr(" %4.0f dB"), rms)
        let clip = hold.clipped ? tr(" CLIP") : ""
        let start = writer.text(tr("Level "), row: row, role: .dim)
        let width = max(0, writer.area.width - start - writer.fit.width(figure + clip))
        let filled = LevelScale.cells(rms, width: width)
        let loud = LevelScale.cells(LevelScale.loud, width: width)
        var cells = Array(repeating: ("·", StyleRole.dim), count: width)
        for index in 0..<filled { cells[index] = ("█", index < loud ? .meterLow : .meterHigh) }
        let peak = LevelScale.cells(hold.decibels, width: width)
        if peak > filled { cells[peak - 1] = ("│", peak > loud ? .meterHigh : .meterLow) }
        for (index, cell) in cells.enumerated() {
            writer.text(cell.0, row: row, column: start + index, role: cell.1)
        }
        let end = writer.text(figure, row: row, column: start + width, role: .dim)
        if hold.clipped { writer.text(clip, row: row, column: end, role: .meterHigh) }
    }
}
