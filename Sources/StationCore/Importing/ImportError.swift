import Foundation
import Localization

/// Why a recording could not be imported, told by kind: each says what happened and what to do next.
/// The underlying error goes to the log, never to the person.
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording to import does not exist.
    case recordingMissing
    /// The recording exists but may not be read (permissions), or is a folder.
    case recordingUnreadable
    /// The disk is full, so the copy into the station could not be written.
    case diskFull
    /// The station's audio folder may not be written (permissions).
    case audioFolderUnwritable
    /// The copy was made but could not be transcribed; `detail` is a sentence saying why.
    case transcriptionFailed(detail: String)
    /// The recording holds no sound at all (a WAV of its 44-byte header alone): it would become an
    /// empty report that no one can read or hear.
    case noSound
    /// The report could not be stored in the database.
    case storeFailed
    /// A failure of a kind the station does not know; the log has the details.
    case unexpected

    public var description: String {
        switch self {
        case .recordingMissing:
            tr("there is no such file; check the name and the folder, or whether the recorder is still connected.")
        case .recordingUnreadable:
            tr("the file cannot be read (permission denied, or it is a folder); copy it somewhere you can read it.")
        case .diskFull:
            tr(
                "the disk is full, so the recording could not be copied into the station; free some space and import it again."
            )
        case .audioFolderUnwritable:
            tr("the station may not write its audio folder; check the data directory's owner and permissions.")
        case .transcriptionFailed(let detail):
            tr("the recording could not be transcribed (\(detail)); nothing was kept, import it again.")
        case .noSound:
            tr(
                "the recording holds no sound (no samples at all, only its header), so no report was made; check the recorder and copy the file again."
            )
        case .storeFailed:
            tr(
                "the report could not be stored in the database; nothing was kept, import it again (details in station.log)."
            )
        case .unexpected:
            tr(
                "something unexpected went wrong (details in station.log in the data directory); import it again, and ask IT if it keeps happening."
            )
        }
    }

    /// The kind of a failure while copying a recording in: by the Cocoa or POSIX code, never a guess.
    /// `reading` says whether the failure came from the recording (source) rather than the copy.
    public init(copying error: any Error, reading: Bool) {
        if let known = error as? ImportError {
            self = known
            return
        }
        switch FileFailure(error) {
        case .missing: self = reading ? .recordingMissing : .audioFolderUnwritable
        case .notPermitted: self = reading ? .recordingUnreadable : .audioFolderUnwritable
        case .diskFull: self = .diskFull
        case .isFolder: self = .recordingUnreadable
        case nil: self = .unexpected
        }
    }
}

/// The few kinds of file failure the station explains differently, read from a Cocoa or POSIX error.
public enum FileFailure: Sendable, Equatable {
    case missing, notPermitted, diskFull, isFolder

    /// The kind of `error`, or nil when it is none of these.
    public init?(_ error: any Error) {
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: self = .missing
            case .fileReadNoPermission, .fileWriteNoPermission, .fileWriteVolumeReadOnly: self = .notPermitted
            case .fileWriteOutOfSpace: self = .diskFull
            default:
                // Foundation wraps what it does not name itself; the POSIX code underneath still tells.
                guard let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? any Error,
                    let kind = FileFailure(underlying)
                else { return nil }
                self = kind
            }
            return
        }
        let nsError = error as NSError
        guard nsError.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(nsError.code)) else {
            return nil
        }
        switch code {
        case .ENOENT: self = .missing
        case .EACCES, .EPERM, .EROFS: self = .notPermitted
        case .ENOSPC, .EDQUOT: self = .diskFull
        case .EISDIR: self = .isFolder
        default: return nil
        }
    }
}
