import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Spoken commands as words of the language model the decoder loads (`CommandWeights`), read from it.
@Suite("Spoken commands in the language model")
struct CommandLanguageModelTests {
    /// The en-US commands with a text block and four sections: sixteen command words.
    static func phrases() -> [[String]] {
        let table = PunctuationTables.table(for: ModelLocator.debianModels[0], log: SilentLog())
        let blocks = [
            TextBlock(name: "normal chest exam", text: "Chest clear."),
            TextBlock(name: "diet advice", text: "Eat well."),
            TextBlock(name: "wound care", text: "Keep it dry."),
        ]
        return SpokenPunctuation(table: table)
            .adding(blocks: blocks, sections: ["Subjective", "Objective", "Assessment", "Plan"]).commandPhrases
    }

    /// The crash of issue 21's command words: a word added to the loaded model (`ps_add_word` of a word
    /// it lacks) gets a number past the model's count, and as the word before another it sends the trie
    /// model's search out of range (wrong probabilities from the fifth such word, now and then a crash).
    /// Written into the model's file instead, each command word is looked up in range: the probability
    /// after it is the unigram backed off, and the word itself has `CommandWeights.unigram` times 1/N.
    @Test("every command word is a word of the loaded model, looked up in range as the word before another")
    func inRange() throws {
        let folder = try AudioFixtures.temporaryDirectory("command-lm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let phrases = Self.phrases()
        #expect(phrases.count == 16)
        let tokens = phrases.map(CommandToken.token(for:))
        let decoder = try SphinxDecoder(
            model: ModelLocator.debianModels[0], log: SilentLog(), vocabulary: nil, commands: tokens,
            cache: folder, notes: SilentLog())
        decoder.weighCommands(phrases, log: SilentLog())
        let end = VocabularyLanguageModelTests.log10Probability("</s>", in: decoder)
        let the = VocabularyLanguageModelTests.log10Probability("the", in: decoder)
        let unigram = -4.861 + Double(log10(CommandWeights.unigram))
        for token in tokens {
            let probability = VocabularyLanguageModelTests.log10Probability(token, in: decoder)
            #expect(abs(probability - unigram) < 0.01, "\(token): \(probability)")
            let after = VocabularyLanguageModelTests.log10Probability("</s>", after: token, in: decoder)
            #expect(abs(after - end) < 0.001, "after \(token)")
            #expect(abs(VocabularyLanguageModelTests.log10Probability("the", after: token, in: decoder) - the) < 0.001)
        }
        // In the dictionary, said as the phrase's words.
        #expect(decoder.hasCommandWords(tokens))
        #expect(decoder.hasLanguageModelWord("new_paragraph_"))
    }

    @Test("without a folder for the language model, no command word is added to the loaded model")
    func noCache() throws {
        let phrases = Self.phrases()
        let tokens = phrases.map(CommandToken.token(for:))
        let decoder = try SphinxDecoder(
            model: ModelLocator.debianModels[0], log: SilentLog(), vocabulary: nil, commands: tokens, cache: nil,
            notes: SilentLog())
        decoder.weighCommands(phrases, log: SilentLog())
        for token in tokens { #expect(!decoder.hasLanguageModelWord(token), "\(token)") }
    }
}
