import Foundation
import SpeakerAdaptation
import Testing

@Suite("Voice profile storage")
struct SpeakerProfilesTests {
    @Test(
        "an author name that could reach outside the profiles folder is refused",
        arguments: [
            "", "..", ".hidden", "alice/../bob", "a/b", "bell\u{7}", String(repeating: "x", count: 65),
        ])
    func hostileAuthor(_ name: String) throws {
        #expect(throws: AdaptationError.invalidAuthor(name)) { try SpeakerProfiles.checkedAuthor(name) }
        let profiles = SpeakerProfiles(directory: try DevCorpus.temporaryFolder())
        #expect(profiles.model(author: name, base: DevCorpus.stockModel) == DevCorpus.stockModel)
    }

    @Test("an author without a profile, or no author, decodes with the stock model")
    func noProfile() throws {
        let profiles = SpeakerProfiles(directory: try DevCorpus.temporaryFolder())
        #expect(profiles.model(author: "alice", base: DevCorpus.stockModel) == DevCorpus.stockModel)
        #expect(profiles.model(author: nil, base: DevCorpus.stockModel) == DevCorpus.stockModel)
        #expect(profiles.all().isEmpty)
        #expect(try profiles.reset(author: "alice") == false)
    }
}
