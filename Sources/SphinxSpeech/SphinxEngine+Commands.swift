import Foundation
import StationCore

extension SphinxEngine {
    /// The spoken commands of `model`'s locale with the clinic's text blocks and sections, weighed in
    /// `decoder` (`CommandWeights`), and the punctuation that turns them into text. Read anew for
    /// each dictation, so a block added is heard from the next one.
    func commands(for model: SpeechModel, in decoder: SphinxDecoder) -> SpokenPunctuation {
        var punctuation = punctuation(for: model)
        if let files = locator.clinicText {
            let (blocks, sections) = files.load()
            punctuation = punctuation.adding(blocks: blocks, sections: sections)
        }
        if weighsCommands { decoder.weighCommands(punctuation.commandPhrases, log: log) }
        return punctuation
    }
}

extension SphinxTranscriber {
    /// Whether spoken commands are added to decoders as words of their own from now on (a decoder that
    /// took them keeps them); for benchmarks.
    public func weighCommands(_ on: Bool) async {
        await engine.setWeighsCommands(on)
    }
}

extension SphinxEngine {
    func setWeighsCommands(_ on: Bool) { weighsCommands = on }
}
