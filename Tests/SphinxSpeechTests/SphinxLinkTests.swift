import Testing

@testable import SphinxSpeech

@Suite("libpocketsphinx links")
struct SphinxLinkTests {
    @Test("reads the decoder's own option table")
    func options() {
        let names = SphinxLibrary.optionNames
        #expect(names.contains("-hmm"))
        #expect(names.contains("-lm"))
        #expect(names.contains("-dict"))
    }
}
