import Foundation
import StationCore

/// Finds a locale's punctuation table: the installed model's own `punctuation.json` first, else the
/// table shipped beside the executable in SphinxSpeech's resources.
enum PunctuationTables {
    static let fileName = "punctuation.json"

    /// The table for `model`, or a plain one (logged) when the locale has none.
    static func table(for model: SpeechModel, log: any StationLog) -> PunctuationTable {
        var candidates: [URL] = []
        if !model.isSystem {
            candidates.append(model.acousticModel.deletingLastPathComponent().appendingPathComponent(fileName))
        }
        if let shipped = ShippedResources.file("punctuation", "\(model.locale).json") { candidates.append(shipped) }
        for candidate in candidates {
            guard let data = FileManager.default.contents(atPath: candidate.path) else { continue }
            do {
                return try JSONDecoder().decode(PunctuationTable.self, from: data)
            } catch {
                log.log(.warning, "punctuation table \(candidate.lastPathComponent) is unreadable: \(error)")
            }
        }
        log.log(.warning, "no punctuation table for \(model.locale); spoken punctuation stays as words")
        return .plain(locale: model.locale)
    }
}
