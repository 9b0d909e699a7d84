import Foundation
import LetterToSound
import SphinxSpeech
import Testing

@Suite("flite's phones as the CMU models' phones")
struct CMUPhonesTests {
    @Test("stress digits go, the reduced vowel ax is AH, pairs split, pauses vanish")
    func mapping() {
        #expect(CMUPhones.decoderPhones(fromFlite: ["hh", "ax0", "l", "ow1"]) == ["HH", "AH", "L", "OW"])
        #expect(CMUPhones.decoderPhones(fromFlite: ["k-s", "ax0-l", "pau", "er1"]) == ["K", "S", "AH", "L", "ER"])
        #expect(CMUPhones.decoderPhones(fromFlite: ["axr", "el", "ix"]) == ["ER", "AH", "L", "IH"])
    }
}

@Suite("flite's lexicon and letter-to-sound rules (libflite)")
struct FliteLexiconTests {
    static let debianDictionary = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")
    static let debianModel = ModelLocator.debianModels[0]

    @Test("a word of the lexicon, and new drug names in the Debian model's own phones")
    func words() throws {
        #expect(try FliteLexicon.pronunciation(of: "hello") == ["HH", "AH", "L", "OW"])
        #expect(try FliteLexicon.pronunciation(of: "Metoprolol") == FliteLexicon.pronunciation(of: "metoprolol"))
        let phones = try ModelPhones(model: Self.debianModel)
        for word in ["metoprolol", "apixaban", "enoxaparin", "beta-blocker"] {
            let pronunciation = try FliteLexicon.pronunciation(of: word)
            #expect(pronunciation.count >= 4, "\(word): \(pronunciation)")
            #expect(pronunciation.allSatisfy(phones.phones.contains), "\(word): \(pronunciation)")
        }
    }

    @Test(
        "what the rules cannot spell is refused, not guessed",
        arguments: ["", "abc123", "café", "x y", "-", "'", "a--b", String(repeating: "a", count: 41), "\u{1B}[31m"])
    func unsayable(word: String) {
        #expect(throws: LetterToSoundError.self) { try FliteLexicon.pronunciation(of: word) }
    }

    /// 200 words of the dictionary, every n-th of its plain (a–z, first pronunciation) entries.
    static func sample(_ count: Int) throws -> [(word: String, variants: Set<[String]>)] {
        var variants: [String: Set<[String]>] = [:]
        var order: [String] = []
        for line in try String(contentsOf: debianDictionary, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            guard let head = parts.first else { continue }
            let word = head.split(separator: "(").first.map(String.init) ?? head
            guard word.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { continue }
            if variants[word] == nil { order.append(word) }
            variants[word, default: []].insert(Array(parts.dropFirst()))
        }
        let step = order.count / count
        return (0..<count).map { index in (order[index * step], variants[order[index * step]]!) }
    }

    @Test("against the Debian dictionary: 200 words, lexicon and rules, and the rules alone")
    func matchRate() throws {
        let sample = try Self.sample(200)
        var lexicon = 0
        var rules = 0
        var close = 0
        for (word, variants) in sample {
            if variants.contains(try FliteLexicon.pronunciation(of: word)) { lexicon += 1 }
            let ruled = CMUPhones.decoderPhones(fromFlite: try FliteLexicon.rulePhones(of: word))
            if variants.contains(ruled) { rules += 1 }
            if variants.contains(where: { Self.distance($0, ruled) <= 1 }) { close += 1 }
        }
        print(
            "flite vs Debian cmudict, 200 words: lexicon+rules \(lexicon) exact; rules alone \(rules) exact, \(close) within one phone"
        )
        // Measured here: see the README. The floors hold a margin below what was measured.
        #expect(lexicon >= 180)
        #expect(rules >= 120)
    }

    /// Phone edit distance.
    static func distance(_ a: [String], _ b: [String]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
