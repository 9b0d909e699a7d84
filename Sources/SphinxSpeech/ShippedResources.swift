import Foundation
import StationSystem

/// Files shipped in SphinxSpeech's resources (the punctuation tables, the withheld words).
enum ShippedResources {
    /// Where SwiftPM puts `folder`/`file`: in SphinxSpeech's bundle folder beside the executable (or the
    /// test runner); nil when it is not there.
    static func file(_ folder: String, _ file: String) -> URL? {
        RunningProgram.shippedFile(target: "SphinxSpeech", "\(folder)/\(file)").map { URL(fileURLWithPath: $0) }
    }
}
