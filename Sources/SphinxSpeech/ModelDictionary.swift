import Foundation
import StationCore

/// Looks words up in a model's pronunciation dictionary (CMU format: `word PH PH …`, variants as
/// `word(2) …`) without reading all of it into lines: Debian's en-US one has 134,723.
public enum ModelDictionary {
    /// The pronunciations `dictionary` gives `word`, its main one first; none when it lacks the word.
    public static func pronunciations(of word: String, in dictionary: URL) -> [[String]] {
        guard let data = try? Data(contentsOf: dictionary, options: .alwaysMapped) else { return [] }
        var found: [[String]] = []
        for opening in [" ", "\t", "("] {
            let needle = Data("\n\(word)\(opening)".utf8)
            var searched = data.startIndex
            // The first line has no line break before it.
            if data.starts(with: needle.dropFirst()) { found.append(phones(in: data, lineAt: data.startIndex)) }
            while let range = data.range(of: needle, in: searched..<data.endIndex) {
                found.append(phones(in: data, lineAt: range.lowerBound + 1))
                searched = range.upperBound
            }
        }
        return found.filter { !$0.isEmpty }
    }

    private static func phones(in data: Data, lineAt start: Data.Index) -> [String] {
        let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        let line = String(decoding: data[start..<end], as: UTF8.self)
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).dropFirst().map(String.init)
    }
}
