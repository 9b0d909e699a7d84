import Recordings
import StationCore

extension WAVError {
    /// The capture error of this kind: a full disk, a file in another format, or an unwritable file.
    var captureError: CaptureError {
        switch self {
        case .system(let error) where error.isDiskFull: .diskFull(detail: description)
        case .notWAV, .otherFormat: .audioFileInOtherFormat(detail: description)
        case .system: .fileUnwritable(detail: description)
        }
    }
}
