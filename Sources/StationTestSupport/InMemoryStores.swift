import Foundation
import StationCore

/// A report store in memory, for tests of the core; the SQLite adapter has tests of its own.
public final class InMemoryReportStore: ReportStore, Sendable {
    private struct State {
        var reports: [Report] = []
        var revisions: [ReportRevision] = []
        var events: [ReportEvent] = []
        var sessionEvents: [SessionEvent] = []
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
                audioDuration: report.audioDuration, audioFile: report.audioFile, originalText: report.transcript,
                text: report.text, status: .draft, confidence: report.confidence, author: report.author,
                properties: report.properties, words: report.words)
            state.nextID += 1
            state.reports.append(stored)
            state.events.append(
                ReportEvent(reportID: stored.id, action: .created, actor: report.author, time: report.created))
            return stored
        }
        if let session { sessions?.saveNow(session) }
        return stored
    }

    public func report(owningAudio audioFile: URL) async throws -> Report? {
        state.current.reports.first { $0.audioFile == audioFile }
    }

    public func reports(_ query: ReportQuery, limit: Int, offset: Int) async throws -> [Report] {
        let newestFirst = state.current.reports.reversed().filter { report in
            if !query.includeEnteredInError, report.enteredInError != nil { return false }
            if let author = query.author, report.author != author { return false }
            if query.unsignedOnly, report.status.isSigned { return false }
            if query.urgentOnly, report.properties.priority != .urgent { return false }
            guard let search = query.search, !search.isEmpty else { return true }
            let patient = report.properties.patient
            return [report.text, report.sessionName, patient?.name ?? "", patient?.identifier ?? ""]
                .contains { $0.localizedCaseInsensitiveContains(search) }
        }
        let urgentFirst =
            newestFirst.filter { $0.properties.priority == .urgent }
            + newestFirst.filter { $0.properties.priority != .urgent }
        // As the SQLite store: a list's reports come without their decoder words.
        return urgentFirst.dropFirst(offset).prefix(limit).map { report in
            var listed = report
            listed.words = []
            return listed
        }
    }

    public func report(id: Int64) async throws -> Report? {
        state.current.reports.first { $0.id == id }
    }

    public func revise(
        id: Int64, text: String, at time: Date, by author: String?, reason: String?
    ) async throws
        -> Report
    {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            guard let index = state.reports.firstIndex(where: { $0.id == id }) else {
                throw ReportStoreError.noSuchReport(id: id)
            }
            let status = try ReportLifecycle.status(afterRevising: state.reports[index], reason: reason)
            state.reports[index].text = text
            state.reports[index].status = status
            if status == .amended {
                state.reports[index].signedBy = author
                state.reports[index].signedAt = time
            }
            let number = state.revisions.filter { $0.reportID == id }.count + 1
            let kept = status == .amended ? reason : nil
            state.revisions.append(
                ReportRevision(reportID: id, number: number, text: text, created: time, author: author, reason: kept))
            state.events.append(
                ReportEvent(
                    reportID: id, action: ReportLifecycle.event(revisingTo: status), actor: author, time: time,
                    reason: kept))
            return state.reports[index]
        }
    }

    public func sign(id: Int64, by signer: String, at time: Date) async throws -> Report {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            guard let index = state.reports.firstIndex(where: { $0.id == id }) else {
                throw ReportStoreError.noSuchReport(id: id)
            }
            state.reports[index].status = try ReportLifecycle.status(afterSigning: state.reports[index])
            state.reports[index].signedBy = signer
            state.reports[index].signedAt = time
            state.events.append(ReportEvent(reportID: id, action: .signed, actor: signer, time: time))
            return state.reports[index]
        }
    }

    public func events(id: Int64) async throws -> [ReportEvent] {
        state.current.events.filter { $0.reportID == id }
    }

    public func revisions(id: Int64) async throws -> [ReportRevision] {
        state.current.revisions.filter { $0.reportID == id }
    }

    public func markEnteredInError(id: Int64, by actor: String, at time: Date, reason: String) async throws -> Report {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            guard let index = state.reports.firstIndex(where: { $0.id == id }) else {
                throw ReportStoreError.noSuchReport(id: id)
            }
            try ReportLifecycle.checkEnteringInError(state.reports[index], reason: reason)
            state.reports[index].enteredInError = EnteredInError(by: actor, at: time, reason: reason)
            state.events.append(
                ReportEvent(reportID: id, action: .enteredInError, actor: actor, time: time, reason: reason))
            return state.reports[index]
        }
    }

    public func deleteDraft(id: Int64, by actor: String, at time: Date) async throws -> SessionEvent {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            guard let index = state.reports.firstIndex(where: { $0.id == id }) else {
                throw ReportStoreError.noSuchReport(id: id)
            }
            try ReportLifecycle.checkDeleting(state.reports[index])
            let event = SessionEvent.deletion(of: state.reports[index], by: actor, at: time)
            state.reports.remove(at: index)
            state.revisions.removeAll { $0.reportID == id }
            state.events.removeAll { $0.reportID == id }
            state.sessionEvents.append(event)
            return event
        }
    }

    public func deletion(ofReport id: Int64) async throws -> SessionEvent? {
        state.current.sessionEvents.last { $0.reportID == id && $0.action == .reportDeleted }
    }

    /// Deletes a report whatever its phase, as another program writing the database could: for tests of
    /// what the desk says when a report went without its claim.
    public func removeBehindTheDesk(id: Int64) {
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

    public func setProperties(of id: SessionID, _ properties: DictationProperties) async throws {
        records.withLock { $0[id]?.properties = properties }
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
