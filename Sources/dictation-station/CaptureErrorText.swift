import StationCore

/// The words for a capture failure at the command line: what happened, the server's detail, and what to do.
enum CaptureErrorText {
    static func describe(_ error: CaptureError) -> String {
        let recording = RecordingError(error)
        let detail: String? =
            switch error {
            case .serverUnreachable(let detail), .accessDenied(let detail), .streamFailed(let detail),
                .fileUnwritable(let detail):
                detail
            case .noSuchSource, .recordingElsewhere: nil
            }
        let what = [recording.message, detail.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return what + "\n" + recording.recoveryHint
    }
}
