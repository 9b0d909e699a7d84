import Foundation
import StationCore
import StationTestSupport

/// A desk over the in-memory store, claims another station may hold, recorded training requests and
/// a manual clock, acting as `user`.
@MainActor
struct ReportDeskFixture {
    let store = InMemoryReportStore()
    let claims = RecordingEditLocks()
    let training = RecordingTrainingRequests()
    let clock = ManualClock()
    let desk: ReportDesk

    static let anna = DictationHolder(user: "anna", host: "ws-12", processID: 4242)

    init(user: String? = "bob") {
        desk = ReportDesk(
            store: store, claims: claims, training: training, clock: clock, user: user,
            timeZone: TimeZone(identifier: "UTC")!)
    }

    /// A new draft by `author`, as a finished dictation stores it.
    @discardableResult
    func draft(
        _ text: String = "knee swollen", by author: String? = "bob", locale: String = "en-US"
    ) async throws
        -> Report
    {
        try await store.add(
            NewReport(
                sessionName: "Room 12", locale: locale, created: clock.wallTime, audioDuration: .seconds(30),
                audioFile: URL(fileURLWithPath: "/audio/room-12.wav"), text: text, author: author))
    }

    /// A report signed by its author `by`.
    func signed(_ text: String = "knee swollen", by author: String = "bob") async throws -> Report {
        let report = try await draft(text, by: author)
        return try await store.sign(id: report.id, by: author, at: clock.wallTime)
    }

    /// Signs `id` as the desk's user after showing its text as stored now, as the report view does.
    func sign(_ id: Int64) async throws(ReportRefusal) -> Report {
        let shown = try await desk.report(id)
        guard case .signed(let signed) = try await desk.sign(id, after: ReportReading(showing: shown)) else {
            throw .notRead(id: id)
        }
        return signed
    }

    /// The refusal `step` throws, or nil when it does not refuse.
    func refusal<T>(_ step: () async throws(ReportRefusal) -> T) async -> ReportRefusal? {
        do {
            _ = try await step()
            return nil
        } catch {
            return error
        }
    }
}
