import CPocketSphinx
import Foundation

/// A word of the last finished utterance where the decoder put it, in frames from the utterance's start.
struct DecodedWord: Equatable {
    var text: String
    /// The first and last frame of the word, inclusive.
    var startFrame: Int
    var endFrame: Int
    /// The word's posterior probability (0…1) in the word lattice; nil when the lattice could not be made.
    var confidence: Double?
}

extension SphinxDecoder {
    /// Frames per second of the model's front end (`-frate`; 100 for Debian's en-US).
    var frameRate: Int { max(1, cmd_ln_int_r(ps_get_config(decoder), "-frate")) }

    /// The words of the last finished utterance on the first pass's best path, which are the words
    /// `hypothesis` names, with their frames in the utterance's audio (`pass`, the front end's account
    /// of it; without it, as pocketsphinx places them); fillers (`<s>`, `<sil>`, `[NOISE]`, `++…++`)
    /// left out.
    ///
    /// pocketsphinx 0.8 gives a segment of the first pass no probability (`ps_seg_prob` is 0 unless
    /// `-bestpath yes`, which changed the words for the worse), so each word's confidence comes from the
    /// word lattice: the largest share, over the word's frames, of the lattice's posterior mass on links
    /// of the same word that cover that frame (a frame-wise word posterior).
    ///
    /// The lattice counts the frames the search saw, while `ps_seg_frames` adds the start of the last
    /// stretch of speech the front end found: after a breath of silence before the first word, every
    /// word was looked for in the lattice that many frames too late and got a confidence near 0. The
    /// first segment (`<s>`) always starts at the search's frame 0, so subtracting where it is said to
    /// start gives every segment in the lattice's frames.
    func decodedWords(in pass: FrontEndPass?) -> [DecodedWord] {
        var words: [DecodedWord] = []
        var searchStart: Int?
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            var start: Int32 = 0
            var end: Int32 = 0
            ps_seg_frames(current, &start, &end)
            let offset = searchStart ?? Int(start)
            searchStart = offset
            if let text = ps_seg_word(current).map({ String(cString: $0) }), !Self.isFiller(text) {
                words.append(
                    DecodedWord(
                        text: Self.baseWord(text), startFrame: Int(start) - offset,
                        endFrame: Int(max(start, end)) - offset, confidence: nil))
            }
            // Frees the iterator after the last segment.
            segment = ps_seg_next(current)
        }
        if !words.isEmpty, let posteriors = latticePosteriors() {
            for index in words.indices {
                words[index].confidence = posteriors.confidence(of: words[index])
            }
        }
        // From the search's frames to the audio's.
        let offset = searchStart ?? 0
        for index in words.indices {
            if let pass {
                words[index].startFrame = pass.audioFrame(words[index].startFrame)
                words[index].endFrame = pass.audioFrame(words[index].endFrame)
            } else {
                words[index].startFrame += offset
                words[index].endFrame += offset
            }
        }
        return words
    }

    /// Every link of the last utterance's lattice with its posterior, by base word.
    private func latticePosteriors() -> LatticePosteriors? {
        guard let lattice = ps_get_lattice(decoder) else { return nil }
        let config = ps_get_config(decoder)
        // The lattice multiplies acoustic scores by this: `-ascale` is its inverse (20 overflowed every posterior).
        let acousticScale = Float(1 / cmd_ln_float_r(config, "-ascale"))
        let languageWeight = Float(cmd_ln_float_r(config, "-bestpathlw") / cmd_ln_float_r(config, "-lw"))
        let languageModel = ps_get_lm(decoder, ps_get_search(decoder))
        // The posterior needs the forward scores the best-path search leaves on the links.
        guard ps_lattice_bestpath(lattice, languageModel, languageWeight, acousticScale) != nil else { return nil }
        _ = ps_lattice_posterior(lattice, languageModel, acousticScale)
        let logmath = ps_lattice_get_logmath(lattice)
        var posteriors = LatticePosteriors()
        var link = ps_lattice_traverse_edges(lattice, nil, nil)
        while let current = link {
            if let word = ps_latlink_baseword(lattice, current).map({ String(cString: $0) }) {
                var start: Int16 = 0
                let end = ps_latlink_times(current, &start)
                let probability = logmath_exp(logmath, ps_latlink_prob(lattice, current, nil))
                posteriors.links[word, default: []].append(
                    LatticePosteriors.Link(start: Int(start), end: Int(end), probability: probability))
            }
            link = ps_lattice_traverse_next(lattice, nil)
        }
        return posteriors
    }

    /// Whether a decoder word is a filler: silence, sentence marks, noise.
    static func isFiller(_ word: String) -> Bool {
        word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("++")
    }

    /// The word without its pronunciation variant: "read(2)" → "read".
    static func baseWord(_ word: String) -> String {
        guard word.hasSuffix(")"), let open = word.lastIndex(of: "("), open > word.startIndex,
            word[word.index(after: open)..<word.index(before: word.endIndex)].allSatisfy(\.isNumber)
        else { return word }
        return String(word[..<open])
    }
}

/// The posterior probability of each lattice link, grouped by word, to read a word's confidence from.
struct LatticePosteriors {
    struct Link {
        var start: Int
        var end: Int
        var probability: Double
    }

    var links: [String: [Link]] = [:]

    /// The largest posterior mass any frame of `word` has for that word; 0 when the lattice never has it
    /// there.
    func confidence(of word: DecodedWord) -> Double {
        let frames = word.endFrame - word.startFrame + 1
        var mass = [Double](repeating: 0, count: frames)
        for link in links[word.text] ?? [] where link.end >= word.startFrame && link.start <= word.endFrame {
            for frame in max(link.start, word.startFrame)...min(link.end, word.endFrame) {
                mass[frame - word.startFrame] += link.probability
            }
        }
        return min(1, max(0, mass.max() ?? 0))
    }
}
