import StationCore

/// The words for a capture failure at the command line: what happened, the server's detail, and what to do.
enum CaptureErrorText {
    static func describe(_ error: CaptureError) -> String {
        let recording = RecordingError(error)
        let detail: String? =
            switch error {
            case .serverUnreachable(let detail), .accessDenied(let detail), .streamFailed(let detail),
                .fileUnwritable(let detail), .diskFull(let detail), .audioLibraryMissing(let detail):
                detail
            // The message says it all; the WAV parser's words add nothing for the person.
            case .audioFileInOtherFormat: nil
            case .noSuchSource, .recordingElsewhere: nil
            }
        let what = [recording.message, detail.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return what + "\n" + recording.recoveryHint
    }

    /// The words for any failure of a recording: by kind (`RecordingError`), the details left to the log.
    static func describe(any error: any Error) -> String {
        if let capture = error as? CaptureError { return describe(capture) }
        let recording = RecordingError(error)
        return recording.message + "\n" + recording.recoveryHint
    }
}
