import Foundation

/// Word error rate: word-level edit distance (substitutions, insertions, deletions) over the number of
/// reference words, ignoring case and punctuation.
public enum WordErrorRate {
    /// The errors and reference words of one hypothesis, to sum over a set before dividing.
    public struct Count: Sendable, Equatable {
        public var errors: Int
        public var referenceWords: Int

        public init(errors: Int, referenceWords: Int) {
            self.errors = errors
            self.referenceWords = referenceWords
        }

        public static func + (lhs: Count, rhs: Count) -> Count {
            Count(errors: lhs.errors + rhs.errors, referenceWords: lhs.referenceWords + rhs.referenceWords)
        }

        public var rate: Double { referenceWords == 0 ? 0 : Double(errors) / Double(referenceWords) }
    }

    /// The rate of one hypothesis.
    public static func rate(hypothesis: String, reference: String) -> Double {
        count(hypothesis: hypothesis, reference: reference).rate
    }

    public static func count(hypothesis: String, reference: String) -> Count {
        let hypothesisWords = words(hypothesis)
        let referenceWords = words(reference)
        return Count(errors: distance(hypothesisWords, referenceWords), referenceWords: referenceWords.count)
    }

    /// Lower-case words without punctuation; an apostrophe inside a word stays ("don't").
    public static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            .filter { !$0.isEmpty }
    }

    static func distance(_ a: [String], _ b: [String]) -> Int {
        var previous = Array(0...b.count)
        for (i, wordA) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, wordB) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (wordA == wordB ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// The LibriVox recordings of Debian's `pocketsphinx-testdata`, with their reference transcripts.
public enum LibriVoxSamples {
    public static let folder = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data/librivox", isDirectory: true)

    public struct Sample: Sendable, CustomStringConvertible {
        public var file: URL
        public var reference: String
        public var description: String { file.lastPathComponent }
    }

    /// The five recordings (16 kHz mono WAV) and what is said in them.
    public static func all() throws -> [Sample] {
        let text = try String(contentsOf: folder.appendingPathComponent("transcription"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> Sample? in
            guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
            let id = line[line.index(after: open)..<close]
            let reference = line[..<open].replacingOccurrences(of: "<s>", with: "")
                .replacingOccurrences(of: "</s>", with: "").trimmingCharacters(in: .whitespaces)
            return Sample(file: folder.appendingPathComponent("\(id).wav"), reference: reference)
        }
    }
}
