import Foundation
import StationCore
import StationTUI

/// `transcribe --words`: the decoder's words as it gave them (no punctuation, no formatting), one a line.
enum TranscribedWords {
    /// `start end confidence word` for a person (seconds, the word made safe for a terminal), or with
    /// `file` (`--tsv`) `FILE<TAB>word<TAB>start<TAB>end<TAB>confidence`; a confidence the decoder did not
    /// give is `-`.
    static func lines(_ words: [RecognizedWord], file: String?) -> [String] {
        words.map { word in
            let start = seconds(word.start)
            let end = seconds(word.end)
            let confidence = word.confidence.map { String(format: "%.3f", $0) } ?? "-"
            if let file {
                return [tsvField(file), tsvField(word.text), start, end, confidence].joined(separator: "\t")
            }
            return "\(start) \(end) \(confidence) \(SafeText.line(word.text))"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        return String(format: "%.2f", Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }
}
