import Foundation

/// The shape of an MLLR transform file (`mllr_matrix`, as `mllr_solve` writes and `ps_mllr_read`
/// reads): classes, feature streams and each stream's length, then per stream and class a matrix A,
/// a bias b and a variance scale h.
struct MLLRTransform: Equatable {
    var classes: Int
    var streamLengths: [Int]

    /// The shape of the transform in `file`, or nil when it is not a complete, well-formed one.
    init?(contentsOf file: URL) {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let tokens = text.split(whereSeparator: \.isWhitespace)
        guard tokens.count >= 2, let classes = Int(tokens[0]), let streams = Int(tokens[1]),
            (1...16).contains(classes), (1...16).contains(streams)
        else { return nil }
        var at = 2
        var lengths: [Int] = []
        for _ in 0..<streams {
            guard at < tokens.count, let length = Int(tokens[at]), (1...256).contains(length) else { return nil }
            at += 1
            let values = classes * (length * length + 2 * length)
            guard at + values <= tokens.count,
                tokens[at..<(at + values)].allSatisfy({ Double($0).map(\.isFinite) ?? false })
            else { return nil }
            at += values
            lengths.append(length)
        }
        guard at == tokens.count else { return nil }
        self.classes = classes
        self.streamLengths = lengths
    }

    init(classes: Int, streamLengths: [Int]) {
        self.classes = classes
        self.streamLengths = streamLengths
    }

    /// The transform that changes nothing (A = I, b = 0, h = 1) of this shape, as file text. Applying
    /// it takes a decoder back to its own model: pocketsphinx reloads the means and variances from the
    /// model's files before it transforms them, and multiplies by exactly 1.
    var identityText: String {
        var lines = ["\(classes)", "\(streamLengths.count)"]
        for length in streamLengths {
            lines.append("\(length)")
            for _ in 0..<classes {
                for row in 0..<length {
                    lines.append((0..<length).map { $0 == row ? "1.0" : "0.0" }.joined(separator: " "))
                }
                lines.append(Array(repeating: "0.0", count: length).joined(separator: " "))
                lines.append(Array(repeating: "1.0", count: length).joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
