import Foundation

/// Thrown by `ReportStore.add` when the store cannot be reached now and has kept the dictation on this
/// workstation instead, to deliver it (once) when it can: the dictation is safe and counts as sent.
public struct DictationKept: Error, Sendable, Equatable {
    /// The recording of the dictation kept.
    public var audioFile: URL?

    public init(audioFile: URL?) {
        self.audioFile = audioFile
    }
}

/// The dictations a store kept on this workstation while it could not be reached, until they are
/// delivered; the screen says what waits for as long as it waits.
public protocol DictationOutbox: Sendable {
    /// Whether the dictation recorded in `audioFile` still waits to be delivered.
    func isWaiting(_ audioFile: URL) -> Bool
}
