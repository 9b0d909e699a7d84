import Localization
import StationCore

/// A session as the lists and the recording pane name it: its name, then the patient it is dictated
/// for and URGENT, so no one records for the wrong patient.
@MainActor
enum SessionLabel {
    static func text(_ session: DictationSession) -> String {
        var parts = [session.name]
        if let patient = session.properties.patient { parts.append(patient.display) }
        if session.properties.priority == .urgent { parts.append(tr("URGENT")) }
        return SafeText.line(parts.joined(separator: " · "))
    }
}
