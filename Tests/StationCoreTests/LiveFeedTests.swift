import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Live feed")
struct LiveFeedTests {
    @Test("audio reaches the live decoder while the main actor is busy: the feed does not pass through it")
    func feedOffTheMainActor() async throws {
        let fixture = StationFixture()
        let decoder = FakeLiveTranscription(log: fixture.log)
        fixture.transcriber.enableLive { decoder }
        let session = fixture.makeSession()
        session.pressMainAction()
        let capture = try #require(fixture.capture)
        capture.emit(AudioChunk(samples: Array(repeating: 1, count: 1600), position: 0))
        #expect(await eventually { decoder.samplesFed == 1600 }, "the decoder listens")
        // The main actor stays busy (a slow frame on the screen) while the next chunk arrives.
        capture.emit(AudioChunk(samples: Array(repeating: 1, count: 800), position: 1600))
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while decoder.samplesFed < 2400, clock.now < deadline {}
        #expect(decoder.samplesFed == 2400, "the chunk waited for the main actor")
        session.pressMainAction()
        session.pressDiscard()
        await session.settle()
    }
}
