import StationCore

/// What a confirmation will do when the person says yes.
public enum ConfirmAction: Sendable, Equatable {
    case discard
    case deleteSession(SessionID)
    case quit
    case abandonEdit
    /// Sign the report as the station's author.
    case sign(Int64)
    /// Delete a draft of the station's author.
    case deleteDraft(Int64)
    /// Mark the report entered in error, with this reason.
    case enterInError(Int64, reason: String)
}

/// Whose details the steps of `n` and `i` ask: a session still to be made (nothing exists of it before
/// the last step), or one that exists.
public enum SessionDetailsTarget: Sendable, Equatable {
    case new(name: String)
    case existing(SessionID)
}

/// What a text field is for.
public enum InputPurpose: Sendable, Equatable {
    case newSession
    case rename(SessionID)
    /// The patient's name for a session's details.
    case patientName(SessionDetailsTarget)
    /// The patient's identifier, after the name.
    case patientIdentifier(SessionDetailsTarget, name: String?)
    /// Why a signed report changes; `text` is the new text, `inEditor` whether it is in the in-place editor.
    case amendmentReason(Report, text: String, inEditor: Bool)
    /// What is wrong with a report about to be entered in error.
    case errorReason(Report)
}

/// What a picker chooses.
public enum PickerPurpose: Sendable, Equatable {
    case locale
    case source
    /// A session's patient: a new one to type, a recent one, or none.
    case patient(SessionDetailsTarget, recent: [Patient])
    case workType(SessionDetailsTarget, patient: Patient?)
    case priority(SessionDetailsTarget, patient: Patient?, workType: String)
    /// The language of one session's dictations (`L`).
    case sessionLocale(SessionID)
    /// The format report `x` exports it in.
    case export(Int64)
}

/// One line of a picker: what it shows, a detail in a second column, and the value chosen.
public struct PickerOption: Sendable, Equatable {
    public var label: String
    public var detail: String
    public var value: String

    public init(label: String, detail: String, value: String) {
        self.label = label
        self.detail = detail
        self.value = value
    }
}

/// What a dialog over the screen shows; its controller takes every key until it is closed.
public enum Dialog: Sendable, Equatable {
    case confirm(title: String, message: String, action: ConfirmAction)
    case input(title: String, field: TextEditorModel, purpose: InputPurpose, error: String?)
    case picker(title: String, options: [PickerOption], selection: Int, purpose: PickerPurpose)
    /// No word was recognized in a sent dictation: send it anyway, discard it (asks again) or keep it.
    case noSpeech(NoSpeechQuestion)
}

/// A dialog on the stack: it takes every key until it closes, and shows itself as a `Dialog`, the value
/// the views draw and the tests read.
@MainActor
protocol DialogController: ScreenController {
    var dialog: Dialog { get }
}

extension DialogController {
    var layer: ScreenLayer { .modal }
}
