import Localization
import Observation
import StationCore

/// A new session (`n`) or the details of the selected one (`i`), in steps: the name (a new session's
/// only), the patient, the work type, the priority. Tab and Enter go on to the next step and Shift-Tab
/// back, keeping what was typed; only Enter on the last step makes the session or sets its details (and
/// Enter on the name, which makes it at once with what is chosen so far). Esc at any step leaves
/// everything as it was: no session is made, or the session keeps its details, and a notice says so.
@MainActor
@Observable
final class SessionDetailsDialog: DialogController {
    @ObservationIgnored unowned let screen: ScreenModel
    /// The session whose details change; nil for a new one, made at the end.
    let existing: SessionID?
    private(set) var step: SessionDetailsStep
    private(set) var draft: SessionDetailsDraft
    /// The text of a step that is typed in.
    private(set) var field = TextEditorModel(text: "")
    /// Why the typed text was refused, until the next key changes it.
    private(set) var error: String?
    /// The line chosen in a step that is a list.
    private(set) var selection = 0
    /// The patients of recent sessions and reports, once read.
    private(set) var recent: [Patient]?

    /// `n`: a session to be made, starting with its name.
    convenience init(newOn screen: ScreenModel) {
        self.init(screen: screen, existing: nil, draft: SessionDetailsDraft(DictationProperties(), isNew: true))
    }

    /// `i`: the details of `session`, starting with its patient.
    convenience init(for session: DictationSession, on screen: ScreenModel) {
        self.init(
            screen: screen, existing: session.id,
            draft: SessionDetailsDraft(session.properties, name: session.name, isNew: false))
    }

    private init(screen: ScreenModel, existing: SessionID?, draft: SessionDetailsDraft) {
        self.screen = screen
        self.existing = existing
        self.draft = draft
        step = .name
        go(to: existing == nil ? .name : .patient)
        readRecentPatients()
    }

    var station: Station { screen.station }
    var types: WorkTypes { screen.services.workTypes }
    var target: SessionDetailsTarget { existing.map { .existing($0) } ?? .new(name: draft.name) }
    var isPicker: Bool { [.patient, .workType, .priority].contains(step) }

    /// Whether the list of recent patients is there to choose from.
    private var hasRecent: Bool { !(recent ?? []).isEmpty }

    // MARK: Keys

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .escape: return cancel()
        case .character("q") where isPicker && step != .patient: return cancel()
        case .enter where step == .name: return forward(thenFinish: true)
        case .enter: return forward(thenFinish: step == .priority)
        case .tab where step == .priority: return .refused(SessionDetailsWords.lastStep(target))
        case .tab: return forward(thenFinish: false)
        case .backTab:
            back()
            return .handled
        default: break
        }
        guard isPicker else {
            if field.applyLineKey(key) { error = nil }
            return .handled
        }
        return listKey(key)
    }

    private func listKey(_ key: Key) -> KeyOutcome {
        let count = options.count
        switch key {
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(count - 1, selection + 1)
        case .character("k") where step != .patient: selection = max(0, selection - 1)
        case .character("j") where step != .patient: selection = min(count - 1, selection + 1)
        case .home: selection = 0
        case .end: selection = max(0, count - 1)
        case .character(" "):
            return RecordingKeys.refusal(of: key, then: tr("Finish with Enter or Esc first."))
                ?? .handled
        case .character(let character) where step == .patient:
            // Typing starts a new patient, its name beginning with what was typed.
            draft.choice = .typed
            draft.patientName = String(character)
            go(to: .patientName)
        default: break
        }
        return .handled
    }

    // MARK: Steps

    /// Takes the step's answer and goes on; `thenFinish` makes the session (or sets its details) once the
    /// answer is taken, instead of going on.
    private func forward(thenFinish: Bool) -> KeyOutcome {
        guard keepAnswer() else { return .handled }
        if thenFinish { return finish() }
        switch step {
        case .name: go(to: .patient)
        case .patient:
            switch patientOptions[selection].choice {
            case .typed: go(to: .patientName)
            default: go(to: .workType)
            }
        case .patientName: go(to: .patientIdentifier)
        case .patientIdentifier: go(to: .workType)
        case .workType: go(to: .priority)
        case .priority: break
        }
        return .handled
    }

    /// Goes back one step, keeping this one's answer as it stands.
    private func back() {
        let previous: SessionDetailsStep? =
            switch step {
            case .name: nil
            case .patient: existing == nil ? .name : nil
            case .patientName: hasRecent ? .patient : existing == nil ? .name : nil
            case .patientIdentifier: .patientName
            case .workType: draft.choice == .typed ? .patientIdentifier : hasRecent ? .patient : .patientName
            case .priority: .workType
            }
        guard let previous else { return }
        storeAnswer()
        go(to: previous)
    }

    /// Checks the step's answer and keeps it in the draft; false, saying why in the field, when refused.
    private func keepAnswer() -> Bool {
        let text = field.text
        switch step {
        case .name:
            switch SessionName.validate(text, existing: station.sessions.map(\.name)) {
            case .failure(let refusal): return refuse(refusal.description)
            case .success: break
            }
        case .patientName:
            if let problem = Patient.problem(with: text) { return refuse(tr("The name: \(problem).")) }
        case .patientIdentifier:
            if let problem = Patient.problem(with: text) { return refuse(tr("The identifier: \(problem).")) }
        case .patient, .workType, .priority: break
        }
        storeAnswer()
        return true
    }

    /// Puts the step's text or choice into the draft, as it stands.
    private func storeAnswer() {
        switch step {
        case .name: draft.name = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
        case .patientName:
            draft.patientName = field.text
            draft.choice = .typed
        case .patientIdentifier: draft.identifier = field.text
        case .patient: draft.choice = patientOptions[selection].choice
        case .workType: draft.workType = types.all[selection].code
        case .priority: draft.priority = selection == 1 ? .urgent : .normal
        }
    }

    private func refuse(_ reason: String) -> Bool {
        error = reason
        return false
    }

    /// Shows `next`, with the draft's text in its field or its choice selected. The patient step is the
    /// name field until the recent patients are read (and when there are none), so nothing typed is lost.
    private func go(to next: SessionDetailsStep) {
        error = nil
        // Without recent patients to choose from, the patient step is the new patient's name.
        let next = next == .patient && !hasRecent ? .patientName : next
        step = next
        switch next {
        case .name: field = TextEditorModel(text: draft.name)
        case .patientName: field = TextEditorModel(text: draft.patientName)
        case .patientIdentifier: field = TextEditorModel(text: draft.identifier)
        case .patient:
            let choice = draft.choice == .undecided ? .typed : draft.choice
            selection = patientOptions.firstIndex { $0.choice == choice } ?? 0
        case .workType: selection = types.all.firstIndex { $0.code == draft.workType } ?? 0
        case .priority: selection = draft.priority == .urgent ? 1 : 0
        }
        field.moveToEnd()
    }

    private func readRecentPatients() {
        let station = station
        screen.run { [weak self] in
            let recent = await station.recentPatients()
            guard let self else { return }
            self.recent = recent
            // The list takes the name field's place unless typing has begun there.
            if step == .patientName, field.text.isEmpty, draft.patientName.isEmpty, hasRecent {
                go(to: .patient)
            }
        }
    }

    // MARK: The end

    /// Makes the session, or sets the details of the existing one, and says exactly what it did.
    private func finish() -> KeyOutcome {
        let properties = draft.properties
        guard let existing else {
            do throws(SessionNameError) {
                let session = try station.createSession(named: draft.name, properties: properties)
                screen.sessionsList.keepInView()
                screen.notifier.info(SessionDetailsWords.created(session.name, session.properties, types: types))
                return .close
            } catch {
                // Another station may have made one of that name meanwhile: the name is asked again.
                go(to: .name)
                self.error = error.description
                return .handled
            }
        }
        guard let session = station.sessions.first(where: { $0.id == existing }) else {
            screen.notifier.warning(tr("That session was deleted meanwhile; nothing was set."))
            return .close
        }
        station.setProperties(of: existing, properties)
        screen.notifier.info(SessionDetailsWords.changed(session.name, session.properties, types: types))
        return .close
    }

    /// Esc: nothing is made, or the session keeps its details; the notice says which.
    private func cancel() -> KeyOutcome {
        if let existing, let session = station.sessions.first(where: { $0.id == existing }) {
            screen.notifier.info(SessionDetailsWords.unchanged(session.name, session.properties, types: types))
        } else if existing == nil {
            screen.notifier.info(SessionDetailsWords.cancelled)
        }
        return .close
    }
}
