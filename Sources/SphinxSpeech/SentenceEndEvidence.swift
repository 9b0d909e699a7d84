import CPocketSphinx
import Foundation
import StationCore

/// What the decoder's language model makes of a sentence ending after each word: the evidence
/// `SentenceBreaks` weighs with the pause there.
extension SphinxDecoder {
    /// For each word but the last, log10 of P(</s> | h) · P(next | <s>) / P(next | h), h being the word and
    /// the one before it (a hidden sentence-end event in the trigram model); nil where a word is not in the
    /// model, and for the last word.
    func sentenceEndEvidence(after words: [String]) -> [Double?] {
        var evidence = [Double?](repeating: nil, count: words.count)
        guard words.count > 1, let languageModel = ps_get_lm(pointer, ps_get_search(pointer)),
            let logmath = ps_get_logmath(pointer)
        else { return evidence }
        let unknown = ngram_unknown_wid(languageModel)
        func wid(_ word: String) -> Int32? {
            let id = ngram_wid(languageModel, word)
            return id < 0 || id == unknown ? nil : id
        }
        guard let start = wid("<s>"), let end = wid("</s>") else { return evidence }
        let ids = words.map { wid(Self.baseWord($0)) }
        func log10Probability(_ word: Int32, _ history: [Int32]) -> Double {
            var history = history
            var used: Int32 = 0
            return logmath_log_to_log10(
                logmath, ngram_ng_prob(languageModel, word, &history, Int32(history.count), &used))
        }
        for index in 0..<words.count - 1 {
            guard let word = ids[index], let next = ids[index + 1] else { continue }
            // The word before, or the start of the dictation; an unknown one leaves a shorter history.
            let before = index == 0 ? start : ids[index - 1]
            let history = before.map { [word, $0] } ?? [word]
            let ending = log10Probability(end, history) + log10Probability(next, [start])
            evidence[index] = ending - log10Probability(next, history)
        }
        return evidence
    }
}
