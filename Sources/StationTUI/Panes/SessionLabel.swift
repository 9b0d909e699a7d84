import Localization
import StationCore

/// A session as the lists and the recording pane name it: its name, then the patient it is dictated
/// for and URGENT, so no one records for the wrong patient. When the room is short, the session's and
/// the patient's names give way together; the identifier and URGENT stay whole.
@MainActor
enum SessionLabel {
    static func parts(_ session: DictationSession) -> [LabelPart] {
        var parts = [LabelPart(SafeText.line(session.name), cutOrder: 0, minimum: 4)]
        if let patient = session.properties.patient, !patient.isEmpty {
            parts.append(LabelPart(" · "))
            parts += LabelPart.patient(patient, none: "", cutOrder: 0)
        }
        if session.properties.priority == .urgent { parts.append(LabelPart(" · " + tr("URGENT"))) }
        return parts
    }

}
