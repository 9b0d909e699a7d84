import Localization
import StationSystem

/// Why a WAV file could not be written, read or repaired.
public enum WAVError: Error, Equatable, CustomStringConvertible {
    /// A system call failed: `Errno` says what, on which file, in words.
    case system(Errno)
    /// The file is not a 16-bit PCM WAV file.
    case notWAV
    /// The file is a WAV file in a format the station does not record (it only appends 16 kHz mono).
    case otherFormat

    public var description: String {
        switch self {
        case .system(let error): error.description
        case .notWAV: tr("not a 16-bit PCM WAV file")
        case .otherFormat: tr("not a 16 kHz mono 16-bit WAV file")
        }
    }
}
