import Foundation
import Localization

/// A yes typed at a question on the terminal: y or yes, or the interface language's own (j, ja in Dutch).
enum TerminalAnswer {
    static func isYes(_ line: String?) -> Bool {
        guard let answer = line?.trimmingCharacters(in: .whitespaces).lowercased(), !answer.isEmpty else {
            return false
        }
        // TRANSLATORS: the short and the long answer that confirm a question on the terminal ("y signs [y/N]").
        return ["y", "yes", tr("y"), tr("yes")].contains(answer)
    }
}
