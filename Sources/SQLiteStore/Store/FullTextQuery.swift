/// Turns what a person typed into an FTS5 query: every word must occur, each as a prefix
/// ("jans" finds "Jansen"). Words are quoted, so no input is read as FTS5 syntax.
enum FullTextQuery {
    /// The query, or nil when the input holds no letter or digit to search for.
    static func make(from input: String) -> String? {
        let words = input.split(whereSeparator: \.isWhitespace).filter { word in
            word.contains { $0.isLetter || $0.isNumber }
        }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"*" }.joined(separator: " ")
    }
}
