import StationCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a WAV file could not be written, read or repaired.
public enum WAVError: Error, Equatable, CustomStringConvertible {
    /// A system call failed; `errno` says why.
    case system(operation: String, errno: Int32)
    /// The file is not a 16-bit PCM WAV file.
    case notWAV
    /// The file is a WAV file in a format the station does not record (it only appends 16 kHz mono).
    case otherFormat

    public var description: String {
        switch self {
        case .system(let operation, let code): "\(operation) failed: \(String(cString: strerror(code)))"
        case .notWAV: "not a 16-bit PCM WAV file"
        case .otherFormat: "not a 16 kHz mono 16-bit WAV file"
        }
    }
}

extension WAVError {
    /// The capture error of this kind: a full disk, a file in another format, or an unwritable file.
    public var captureError: CaptureError {
        switch self {
        case .system(_, let code) where code == ENOSPC || code == EDQUOT: .diskFull(detail: description)
        case .notWAV, .otherFormat: .audioFileInOtherFormat(detail: description)
        case .system: .fileUnwritable(detail: description)
        }
    }
}
