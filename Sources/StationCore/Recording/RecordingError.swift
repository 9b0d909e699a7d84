import Localization

/// A failure as a person at the station needs to hear it: what happened and what to do about it.
public enum RecordingError: Error, Sendable, Equatable {
    case microphoneUnavailable(detail: String)
    case audioLibraryMissing(detail: String)
    case accessDenied
    case noSuchSource(name: String, available: [String])
    case captureFailed(detail: String)
    case recordingElsewhere
    case audioFileUnwritable
    case diskFull
    case audioFileInOtherFormat
    case fileMissing
    case permissionDenied
    case modelNotInstalled(locale: String)
    case modelBroken(locale: String)
    case transcriptionFailed
    case reportNotSaved
    /// A failure of a kind the station does not know; `detail` goes to the log, not to the person.
    case unexpected(detail: String)

    /// Maps an error thrown by a port to what the user is told.
    public init(_ error: any Error) {
        switch error {
        case let capture as CaptureError:
            switch capture {
            case .serverUnreachable(let detail): self = .microphoneUnavailable(detail: detail)
            case .audioLibraryMissing(let detail): self = .audioLibraryMissing(detail: detail)
            case .accessDenied: self = .accessDenied
            case .noSuchSource(let name, let available): self = .noSuchSource(name: name, available: available)
            case .streamFailed(let detail): self = .captureFailed(detail: detail)
            case .recordingElsewhere: self = .recordingElsewhere
            case .fileUnwritable: self = .audioFileUnwritable
            case .diskFull: self = .diskFull
            case .audioFileInOtherFormat: self = .audioFileInOtherFormat
            }
        case let transcription as TranscriptionError:
            switch transcription {
            case .modelNotInstalled(let locale): self = .modelNotInstalled(locale: locale)
            case .modelBroken(let locale, _): self = .modelBroken(locale: locale)
            case .unreadableAudio, .decoderFailed: self = .transcriptionFailed
            }
        case let recording as RecordingError:
            self = recording
        default:
            // By kind only: an error the station cannot name is said to be unexpected, never guessed at.
            switch FileFailure(error) {
            case .missing: self = .fileMissing
            case .notPermitted, .isFolder: self = .permissionDenied
            case .diskFull: self = .diskFull
            case nil: self = .unexpected(detail: String(describing: error))
            }
        }
    }

    /// One sentence saying what went wrong.
    public var message: String {
        switch self {
        case .microphoneUnavailable: tr("No audio server is reachable, so the microphone cannot be used.")
        case .audioLibraryMissing:
            tr("Recording needs the PulseAudio client library (package libpulse0), which could not be loaded.")
        case .accessDenied: tr("The audio server refused access to the microphone.")
        case .noSuchSource(let name, _): tr("There is no capture source named \"\(name)\".")
        case .captureFailed: tr("The recording stream failed.")
        case .recordingElsewhere: tr("A recording is in progress elsewhere on this station.")
        case .audioFileUnwritable: tr("The audio file could not be written.")
        case .diskFull: tr("The disk is full, so the recording cannot go on.")
        case .audioFileInOtherFormat:
            tr("That file is not a station recording (16 kHz mono WAV), so it cannot be continued.")
        case .fileMissing: tr("A file the station needs is missing.")
        case .permissionDenied: tr("The station is not allowed to use a file in its data directory.")
        case .modelNotInstalled(let locale): tr("No speech model is installed for \(locale).")
        case .modelBroken(let locale): tr("The speech model for \(locale) is damaged.")
        case .transcriptionFailed: tr("The dictation could not be transcribed.")
        case .reportNotSaved: tr("The report could not be saved.")
        case .unexpected: tr("Something unexpected went wrong.")
        }
    }

    /// What the person can do next.
    public var recoveryHint: String {
        switch self {
        case .microphoneUnavailable:
            tr("Start PulseAudio or PipeWire, or set PULSE_SERVER to a reachable server.")
        case .audioLibraryMissing:
            tr("Ask the administrator to install it; the reports and the recordings made so far are not affected.")
        case .accessDenied:
            tr("Check the audio server's access rules (its cookie, or auth-anonymous on its socket).")
        case .noSuchSource(_, let available):
            available.isEmpty
                ? tr("No capture sources are available; plug in a microphone.")
                : tr("Choose one of: \(available.joined(separator: ", ")).")
        case .captureFailed:
            tr("Your recording so far is kept; check the microphone and resume.")
        case .recordingElsewhere:
            tr("Pause or send that recording first, or wait until it is done.")
        case .audioFileUnwritable:
            tr("Free some disk space or check the data directory's permissions; nothing recorded so far is lost.")
        case .diskFull:
            tr("Free some disk space, then resume; nothing recorded so far is lost.")
        case .audioFileInOtherFormat:
            tr("Record into a new file instead; the file was left as it is.")
        case .fileMissing:
            tr("Check that the data directory is complete (details in station.log); nothing else was changed.")
        case .permissionDenied:
            tr("Check the owner and permissions of the data directory (it should be yours, mode 0700).")
        case .unexpected:
            tr("The details are in station.log in the data directory; try again, and ask IT if it keeps happening.")
        case .modelNotInstalled(let locale):
            tr("Install it with: dictation-station models install \(locale)")
        case .modelBroken(let locale):
            tr("Reinstall it with: dictation-station models install \(locale)")
        case .transcriptionFailed:
            tr("The audio is kept; send again, or try another locale.")
        case .reportNotSaved:
            tr("The audio is kept; free some disk space and send again.")
        }
    }
}
