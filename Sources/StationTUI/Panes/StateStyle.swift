import Localization
import StationCore

/// How a recording state looks: its mark in lists, its words, and its role.
enum StateStyle {
    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    static func mark(_ state: RecordingState, phase: Int) -> String {
        switch state {
        case .recording: "●"
        case .paused: "‖"
        case .processing: String(spinner[abs(phase) % spinner.count])
        case .notRecording: "○"
        }
    }

    static func words(_ state: RecordingState) -> String {
        switch state {
        case .recording: tr("RECORDING")
        case .paused: tr("PAUSED")
        case .processing: tr("PROCESSING")
        case .notRecording: tr("IDLE")
        }
    }

    static func role(_ state: RecordingState) -> StyleRole {
        switch state {
        case .recording: .recording
        case .paused: .paused
        case .processing: .processing
        case .notRecording: .idle
        }
    }
}
