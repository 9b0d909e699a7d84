import Foundation
import StationCore

/// How a report's decoder words are kept in `report_words.words`: a JSON array of
/// `[text, start ms, end ms, confidence]` (confidence to three places, or null), about 25 bytes a word.
enum WordsColumn {
    private struct Word: Codable {
        var text: String
        var start: Int64
        var end: Int64
        var confidence: Double?

        init(_ word: RecognizedWord) {
            text = word.text
            start = Self.milliseconds(word.start)
            end = Self.milliseconds(word.end)
            confidence = word.confidence.map { ($0 * 1000).rounded() / 1000 }
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            text = try container.decode(String.self)
            start = try container.decode(Int64.self)
            end = try container.decode(Int64.self)
            confidence = try container.decodeIfPresent(Double.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(text)
            try container.encode(start)
            try container.encode(end)
            if let confidence { try container.encode(confidence) } else { try container.encodeNil() }
        }

        var recognized: RecognizedWord {
            RecognizedWord(
                text: text, start: .milliseconds(start), end: .milliseconds(end), confidence: confidence)
        }

        private static func milliseconds(_ duration: Duration) -> Int64 {
            let parts = duration.components
            return parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
        }
    }

    static func encode(_ words: [RecognizedWord]) throws -> String {
        String(decoding: try JSONEncoder().encode(words.map(Word.init)), as: UTF8.self)
    }

    /// The words of a stored column; none when it cannot be read (the report itself stays readable).
    static func decode(_ text: String) -> [RecognizedWord] {
        ((try? JSONDecoder().decode([Word].self, from: Data(text.utf8))) ?? []).map(\.recognized)
    }
}
