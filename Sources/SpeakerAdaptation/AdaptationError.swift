import Foundation
import Localization

/// Why a profile could not be trained, stored or used; `description` is for the user. The training
/// folder (audio copies, the tools' logs) is always removed, so a failed tool's last lines come along.
public enum AdaptationError: Error, Equatable, CustomStringConvertible {
    /// A sphinxtrain or sphinxbase tool is not installed.
    case toolMissing(String)
    /// A tool ended with a failure; `log` holds its output.
    case toolFailed(tool: String, status: Int32, lastLines: String)
    /// A tool ran longer than it may.
    case toolTimedOut(tool: String)
    /// The model cannot be adapted (not a PTM/semi-continuous model with the parts training needs).
    case modelNotAdaptable(String)
    /// Too few corrected dictations to train and to check a profile.
    case notEnoughDictations(usable: Int, needed: Int)
    /// An author name that cannot name a profile (empty, a path, control characters).
    case invalidAuthor(String)

    public var description: String {
        switch self {
        case .toolMissing(let tool):
            tr("\(tool) is not installed (Debian packages sphinxtrain, sphinxbase-utils and pocketsphinx)")
        case .toolFailed(let tool, let status, let lastLines):
            tr("\(tool) failed (exit status \(status)): \(lastLines)")
        case .toolTimedOut(let tool): tr("\(tool) took too long and was stopped")
        case .modelNotAdaptable(let detail): tr("the speech model cannot be adapted: \(detail)")
        case .notEnoughDictations(let usable, let needed):
            tr("only \(usable) corrected dictations can be used; a profile needs at least \(needed)")
        case .invalidAuthor(let name): tr("'\(name)' cannot name a voice profile")
        }
    }

    /// The cause in a few words, for a notification: no tool output (it may quote the dictations).
    public var summary: String {
        switch self {
        case .toolFailed(let tool, let status, _): tr("\(tool) failed (exit status \(status))")
        case .invalidAuthor: tr("the user name cannot name a voice profile")
        default: description
        }
    }
}
