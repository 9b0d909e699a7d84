import Foundation
import StationCore

/// A report store in memory, for tests of the core; the SQLite adapter has tests of its own.
public final class InMemoryReportStore: ReportStore, Sendable {
    private struct State {
        var reports: [Report] = []
        var revisions: [ReportRevision] = []
        var nextID: Int64 = 1
        var failure: (any Error)?
    }

    private let state = Locked(State())
    /// Where `add(_:ending:)` saves the ended session, as one transaction with the report.
    private let sessions: InMemorySessionStore?

    public init(sessions: InMemorySessionStore? = nil) { self.sessions = sessions }

    /// Makes every following write throw `error` (nil heals it).
    public func failWrites(with error: (any Error)?) { state.withLock { $0.failure = error } }

    public var all: [Report] { state.current.reports }

    public func add(_ report: NewReport, ending session: SessionRecord?) async throws -> Report {
        let stored = try state.withLock { state in
            if let failure = state.failure { throw failure }
            let stored = Report(
                id: state.nextID, sessionName: report.sessionName, locale: report.locale, created: report.created,
                audioDuration: report.audioDuration, audioFile: report.audioFile, originalText: report.text,
                text: report.text, status: .draft, confidence: report.confidence)
            state.nextID += 1
            state.reports.append(stored)
            return stored
        }
        if let session { sessions?.saveNow(session) }
        return stored
    }

    public func report(owningAudio audioFile: URL) async throws -> Report? {
        state.current.reports.first { $0.audioFile == audioFile }
    }

    public func reports(search: String?, limit: Int, offset: Int) async throws -> [Report] {
        let newestFirst = state.current.reports.reversed().filter { report in
            guard let search, !search.isEmpty else { return true }
            return report.text.localizedCaseInsensitiveContains(search)
                || report.sessionName.localizedCaseInsensitiveContains(search)
        }
        return Array(newestFirst.dropFirst(offset).prefix(limit))
    }

    public func report(id: Int64) async throws -> Report? {
        state.current.reports.first { $0.id == id }
    }

    public func revise(id: Int64, text: String, at time: Date) async throws -> Report {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            guard let index = state.reports.firstIndex(where: { $0.id == id }) else {
                throw CocoaError(.fileNoSuchFile)
            }
            state.reports[index].text = text
            let number = state.revisions.filter { $0.reportID == id }.count + 1
            state.revisions.append(ReportRevision(reportID: id, number: number, text: text, created: time))
            return state.reports[index]
        }
    }

    public func setStatus(id: Int64, _ status: ReportStatus) async throws {
        state.withLock { state in
            if let index = state.reports.firstIndex(where: { $0.id == id }) { state.reports[index].status = status }
        }
    }

    public func revisions(id: Int64) async throws -> [ReportRevision] {
        state.current.revisions.filter { $0.reportID == id }
    }

    public func delete(id: Int64) async throws {
        state.withLock { $0.reports.removeAll { $0.id == id } }
    }
}

/// Sessions and settings in memory.
public final class InMemorySessionStore: SessionStore, SettingsStore, Sendable {
    private let records = Locked<[SessionID: SessionRecord]>([:])
    private let order = Locked<[SessionID]>([])
    private let settings = Locked<[String: String]>([:])

    public init(_ initial: [SessionRecord] = []) {
        for record in initial {
            records.withLock { $0[record.id] = record }
            order.withLock { $0.append(record.id) }
        }
    }

    public var saved: [SessionRecord] { order.current.compactMap { records.current[$0] } }

    public func loadSessions() async throws -> [SessionRecord] { saved }

    public func session(id: SessionID) async throws -> SessionRecord? { records.current[id] }

    private let saveFailure = Locked<(any Error)?>(nil)

    /// Makes every following `save` throw `error` (nil heals it); a report's own transaction still saves.
    public func failSaves(with error: (any Error)?) { saveFailure.withLock { $0 = error } }

    public func save(_ session: SessionRecord) async throws {
        if let failure = saveFailure.current { throw failure }
        saveNow(session)
    }

    /// Saves at once, as another station process would.
    public func saveNow(_ session: SessionRecord) {
        records.withLock { $0[session.id] = session }
        order.withLock { if !$0.contains(session.id) { $0.append(session.id) } }
    }

    public func renameSession(id: SessionID, to name: String) async throws {
        records.withLock { $0[id]?.name = name }
    }

    public func deleteSession(id: SessionID) async throws {
        let holdsDictation = records.withLock { records -> Bool in
            guard let record = records[id] else { return false }
            if record.state != .notRecording, record.audioFile != nil { return true }
            records[id] = nil
            return false
        }
        if !holdsDictation { order.withLock { $0.removeAll { $0 == id } } }
    }

    public func setting(_ key: String) async throws -> String? { settings.current[key] }

    public func setSetting(_ key: String, _ value: String?) async throws {
        settings.withLock { $0[key] = value }
    }
}
