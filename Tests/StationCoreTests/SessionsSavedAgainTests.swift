import Foundation
import StationCore
import StationTestSupport
import Testing

/// A session made while the store could not be reached (a clinic store whose server is away) is saved
/// once the store is back, and kept on the screen meanwhile: the next sync does not take it for a session
/// deleted elsewhere.
@MainActor
@Suite("Sessions saved again after the store was away")
struct SessionsSavedAgainTests {
    struct StoreAway: Error {}

    @Test("a session whose save failed is saved by the next sync, not forgotten")
    func savedAgain() async throws {
        let fixture = StationFixture()
        fixture.sessionStore.failSaves(with: StoreAway())
        let room = fixture.makeSession(named: "Room 9")
        await fixture.station.settle()
        #expect(try await fixture.sessionStore.loadSessions().isEmpty, "not saved while the store is away")

        fixture.sessionStore.failSaves(with: nil)
        await fixture.station.syncSessions()

        #expect(fixture.station.sessions.map(\.id) == [room.id], "still on the screen")
        #expect(try await fixture.sessionStore.loadSessions().map(\.name) == ["Room 9"], "saved once it is back")
    }
}
