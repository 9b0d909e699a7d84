import Foundation
import StationCore

extension SphinxEngine {
    /// The spoken commands of `model`'s locale with the clinic's text blocks and sections, weighed in
    /// `decoder` (`CommandWeights`), and the punctuation that turns them into text. Read anew for
    /// each dictation, so a block added is heard from the next one (`checkOut` loads a decoder whose
    /// language model has its words).
    func commands(for model: SpeechModel, in decoder: SphinxDecoder) -> SpokenPunctuation {
        var punctuation = clinicCommands(for: model)
        guard weighsCommands else { return punctuation }
        decoder.weighCommands(punctuation.commandPhrases, log: log)
        punctuation.heardAsCommandWords = Set(
            punctuation.commandPhrases.filter { decoder.knows(CommandToken.token(for: $0)) })
        return punctuation
    }

    /// The command words (`CommandToken`s) a decoder of `model` is loaded with: none when commands are
    /// not weighed, or no language model can be written with them (then they would have to be added at
    /// run time, which sphinxbase 0.8 does not survive: `VocabularyLanguageModel`).
    func commandWords(for model: SpeechModel) -> [String] {
        guard weighsCommands, locator.languageModelCache != nil else { return [] }
        return clinicCommands(for: model).commandPhrases.map(CommandToken.token(for:))
    }

    private func clinicCommands(for model: SpeechModel) -> SpokenPunctuation {
        let punctuation = punctuation(for: model)
        guard let files = locator.clinicText else { return punctuation }
        let (blocks, sections) = files.load()
        return punctuation.adding(blocks: blocks, sections: sections)
    }
}

extension SphinxTranscriber {
    /// Whether spoken commands are weighed in decoders loaded from now on, and their unigram as a
    /// multiple of a word's own (nil: `CommandWeights.unigram`); for benchmarks.
    public func weighCommands(_ on: Bool, weight: Float? = nil) async {
        await engine.setWeighsCommands(on, weight: weight ?? CommandWeights.unigram)
    }
}

extension SphinxEngine {
    func setWeighsCommands(_ on: Bool, weight: Float) {
        weighsCommands = on
        commandWeight = weight
    }
}
