import Foundation
import Localization
import StationCore

/// The gate's figures in words, as `profiles update` and `profiles` say them: each model's word errors
/// on the author's dictations decoded held back, and each candidate's p-value against the profile in
/// use (or the stock model).
enum ComparisonText {
    /// "stock model 26.2 %, profile in use (MAP) 6.1 %, new MAP 5.0 % (p = 0.031), new MLLR 20.0 % (p = 0.41)".
    static func figures(_ comparison: ProfileComparison) -> String {
        var parts = [tr("stock model \(percent(comparison.stock))")]
        if let inUse = comparison.inUse {
            let kind = comparison.inUseKind?.rawValue.uppercased() ?? ""
            parts.append(tr("profile in use (\(kind)) \(percent(inUse))"))
        }
        for candidate in comparison.candidates {
            let kind = candidate.kind.rawValue.uppercased()
            parts.append(
                tr("new \(kind) \(percent(candidate.errorRate)) (p = \(pValue(candidate.test.pValue)))"))
        }
        return parts.joined(separator: ", ")
    }

    /// What was decided, in a sentence.
    static func decision(_ comparison: ProfileComparison, name: String) -> String {
        if let kept = comparison.kept {
            return tr("Kept the new \(kept.rawValue.uppercased()) profile for \(name).")
        }
        let against = comparison.inUse == nil ? tr("the stock model") : tr("the profile in use")
        return tr(
            "Kept what \(name) had: no new profile was better than \(against) beyond doubt (fewer errors and p below \(pValue(ProfileComparison.doubt)))."
        )
    }

    static func percent(_ rate: WordErrors) -> String { String(format: "%.1f %%", rate.percent) }

    static func pValue(_ value: Double) -> String {
        value < 0.001 ? "< 0.001" : String(format: "%.3f", value)
    }
}
