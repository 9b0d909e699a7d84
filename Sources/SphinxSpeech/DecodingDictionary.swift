import Foundation
import StationCore
import StationSystem

/// The model's pronunciation dictionary without its withheld words (`WithheldWords`), written once per
/// model and list into the language-model cache and loaded in place of the model's (`-dict`). A word
/// the dictionary lacks is never decoded, even where the language model knows it: the search takes
/// the likeliest words it has instead ("the cough", not what Debian's model made of it).
enum DecodingDictionary {
    /// The dictionary to load for `model`: the model's own when it has none of the locale's withheld
    /// words, when there is no cache, or when the copy cannot be written (logged).
    static func prepare(for model: SpeechModel, cache: URL?, log: any StationLog) -> URL {
        let base = model.dictionary
        let withheld = WithheldWords.list(locale: model.locale)
        guard !withheld.isEmpty, let cache else { return base }
        var key = CacheKey(source: base)
        for word in withheld.sorted() { key.mix(word) }
        let url = cache.appendingPathComponent("\(model.locale)-\(key.name).dict")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        guard let dictionary = FileManager.default.contents(atPath: base.path) else { return base }
        let (kept, left) = lines(of: dictionary, without: withheld)
        guard left > 0 else { return base }
        do {
            try PrivateDirectory.make(cache.path, creatingParents: true)
            try PrivateFile.replace(url.path, with: kept)
        } catch {
            log.log(.error, "cannot keep the \(model.locale) dictionary without its withheld words: \(error)")
            return base
        }
        CacheKey.removeOthers(of: model.locale, suffix: ".dict", keeping: url, in: cache)
        log.log(.info, "wrote the \(model.locale) dictionary without its \(left) withheld pronunciations")
        return url
    }

    /// `dictionary`'s lines but those of a word in `withheld`, with its other pronunciations
    /// (`word(2)`); and how many lines were left out.
    static func lines(of dictionary: Data, without withheld: Set<String>) -> (kept: [UInt8], left: Int) {
        var kept: [UInt8] = []
        kept.reserveCapacity(dictionary.count)
        var left = 0
        for line in dictionary.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var word = line.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            if word.last == UInt8(ascii: ")"), let open = word.lastIndex(of: UInt8(ascii: "(")) {
                word = word[..<open]
            }
            if withheld.contains(String(decoding: word, as: UTF8.self)) {
                left += 1
                continue
            }
            kept.append(contentsOf: line)
            kept.append(UInt8(ascii: "\n"))
        }
        // The newline after the last piece, which the file does not have (after a final newline, that
        // piece is empty).
        if !kept.isEmpty { kept.removeLast() }
        return (kept, left)
    }
}
