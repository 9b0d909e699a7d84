import Localization
import StationCore

/// What the line mode says about a session, in whole sentences, its time in full units ("1 minute 12
/// seconds", never "01:12"), as a screen reader reads it out.
@MainActor
enum SessionSentences {
    /// What the session is doing, as the end of a sentence (`SessionStatusWords`, the core's).
    static func state(of session: DictationSession) -> String { SessionStatusWords.state(of: session) }

    /// "Room 12: paused at 12 seconds."
    static func status(of session: DictationSession) -> String { SessionStatusWords.sentence(of: session) }

    /// The sentence for a session that changed from `old` to its state now, or nil when the change is
    /// said elsewhere (a report ready, a discard) or not at all.
    static func change(of session: DictationSession, from old: RecordingState) -> String? {
        let (name, time) = (session.name, TimeWords.duration(session.measuredElapsed))
        switch (old, session.state) {
        case (.notRecording, .recording): return tr("Recording \(name).")
        case (_, .recording): return tr("Recording \(name) again, from \(time).")
        case (.recording, .paused): return tr("Paused \(name) at \(time).")
        case (.processing, .paused) where session.noSpeech != nil:
            return tr(
                "No speech was recognized in \(name) (\(time)): send stores it anyway as an empty report, discard throws it away."
            )
        case (.processing, .paused): return tr("\(name) is paused again at \(time), with its audio.")
        case (_, .paused): return tr("\(name) is paused at \(time).")
        case (_, .processing): return tr("Sending \(name) (\(time)) to be transcribed.")
        case (_, .notRecording): return nil
        }
    }

    /// "Report 14 ready: The patient reports …", the first line cut at a word.
    static func ready(_ report: Report) -> String {
        let id = report.id
        let opening = opening(of: report)
        guard !opening.isEmpty else { return tr("Report \(id) ready, with no text.") }
        return tr("Report \(id) ready: \(opening)")
    }

    /// One line of the report list: "Report 14, draft, urgent, today 21:59, Room 12, Jansen (MRN200871): The patient …".
    static func listed(_ report: Report, dates: DateWording) -> String {
        var parts = [tr("Report \(report.id)"), report.listedStatus]
        if report.properties.priority == .urgent { parts.append(tr("urgent")) }
        parts.append(dates.short(report.created))
        parts.append(report.sessionName)
        if let patient = report.properties.patient, !patient.isEmpty { parts.append(patient.display) }
        let opening = opening(of: report)
        return parts.joined(separator: ", ") + (opening.isEmpty ? "." : ": " + opening)
    }

    /// The first line of a report's text, at most about 100 characters, cut at a word with "…".
    static func opening(of report: Report) -> String {
        let line = SafeText.line(report.firstLine(atMost: 101)).trimmingCharacters(in: .whitespaces)
        guard line.count > 100 else { return line }
        let cut = line.prefix(100)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord.trimmingCharacters(in: .whitespaces) + " …"
    }
}
