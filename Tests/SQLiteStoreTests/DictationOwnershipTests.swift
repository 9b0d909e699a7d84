import Foundation
import LocalClaims
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// A dictation has one owner across the station processes of a data directory.
@Suite("Dictation ownership across processes", .serialized)
struct DictationOwnershipTests {
    private let session = SessionID("6f1c9a52-0d3e-4a53-9d5e-6a1f35f0b3a7")

    @Test("a claim names the login account from the account database, whatever $USER and $LOGNAME say")
    func holderIsTheAccount() throws {
        let account = try #require(getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) })
        let (status, output) = try runProgram(
            ProbeProcess.executable.path, ["holder"], environment: ["USER": "mallory", "LOGNAME": "mallory"])
        #expect(status == 0)
        let fields = output.trimmingCharacters(in: .newlines).split(separator: "\t").map(String.init)
        #expect(fields.first == account, "\(output)")
        #expect(!output.contains("mallory"))
    }

    @Test("a claim another process holds is refused with its holder; the holder's death frees it")
    func heldByAnotherProcess() async throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        let holder = try ProbeProcess([
            "hold-claim", directory.paths.dataDirectory.path, session.rawValue, "anna", "ws-12",
        ])
        #expect(await holder.wait { $0 == ["held"] })

        let ownership = FileDictationOwnership(paths: directory.paths)
        guard case .heldElsewhere(let who) = ownership.claim(session) else {
            Issue.record("the claim of a living holder must be refused")
            return
        }
        #expect(who?.user == "anna")
        #expect(who?.host == "ws-12")
        #expect(who?.processID == holder.process.processIdentifier)
        #expect(who?.description == "anna on ws-12")

        holder.kill()
        _ = await holder.finish()
        #expect(ownership.claim(session) == .claimed, "the kernel dropped the dead holder's lock")
        let late = try ProbeProcess([
            "hold-claim", directory.paths.dataDirectory.path, session.rawValue, "ben", "ws-3",
        ])
        #expect(await late.finish() == 3, "taken over by one process only")
        #expect(late.printed == ["busy"])
        ownership.release(session)
    }

    @Test("within one process a claim is held once; two owners on one directory exclude each other")
    func oneOwner() throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        let first = FileDictationOwnership(
            paths: directory.paths, holder: DictationHolder(user: "anna", host: "ws-12", processID: 1))
        let second = FileDictationOwnership(
            paths: directory.paths, holder: DictationHolder(user: "ben", host: "ws-3", processID: 2))
        #expect(first.claim(session) == .claimed)
        #expect(first.claim(session) == .claimed, "claiming again what this process holds succeeds")
        #expect(second.claim(session) == .heldElsewhere(DictationHolder(user: "anna", host: "ws-12", processID: 1)))
        first.release(session)
        #expect(second.claim(session) == .claimed)
        #expect(first.claim(session) == .heldElsewhere(DictationHolder(user: "ben", host: "ws-3", processID: 2)))
        second.release(session)
        let claims = directory.paths.dataDirectory.appendingPathComponent("claims")
        #expect(try directory.mode(claims) == 0o700)
        #expect(try directory.mode(claims.appendingPathComponent(session.rawValue + ".claim")) == 0o600)
    }
}

/// One person corrects a report at a time, across processes.
@Suite("Report edit locks across processes")
struct ReportEditLockTests {
    @Test("a report one process corrects is refused to another, naming who corrects it, until released")
    func oneEditor() throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        let anna = DictationHolder(user: "anna", host: "ws-12", processID: 1)
        let first = FileReportEditLocks(paths: directory.paths, holder: anna)
        let second = FileReportEditLocks(
            paths: directory.paths, holder: DictationHolder(user: "ben", host: "ws-3", processID: 2))
        #expect(first.claim(report: 12) == .claimed)
        #expect(second.claim(report: 12) == .heldElsewhere(anna))
        #expect(second.claim(report: 13) == .claimed, "another report is free")
        first.release(report: 12)
        #expect(second.claim(report: 12) == .claimed)
        second.release(report: 12)
        second.release(report: 13)
    }
}

/// Storing a report ends its session's dictation in the same transaction.
@Suite("A report and the end of its dictation are one write")
struct ReportEndsDictationTests {
    private func pending(_ id: SessionID, audio: URL) -> SessionRecord {
        SessionRecord(
            id: id, name: "Room 12", locale: "en-US", state: .processing, elapsed: .seconds(12), audioFile: audio,
            created: Date(timeIntervalSince1970: 1_000), updated: Date(timeIntervalSince1970: 1_000))
    }

    @Test("add(_:ending:) stores the report and the idle session together; a failed write stores neither")
    func together() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let id = SessionID.make()
        let audio = directory.paths.audioDirectory.appendingPathComponent("a.wav")
        try await database.save(pending(id, audio: audio))
        var ended = pending(id, audio: audio)
        ended.state = .notRecording
        ended.audioFile = nil
        ended.elapsed = .zero
        let report = try await database.add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: Date(), audioDuration: .seconds(12), audioFile: audio,
                text: "knee pain"), ending: ended)
        #expect(try await database.session(id: id) == ended)
        #expect(try await database.report(owningAudio: audio)?.id == report.id)
        #expect(try await database.report(owningAudio: URL(fileURLWithPath: "/elsewhere.wav")) == nil)
    }

    @Test("a session holding a dictation is not deleted, and a rename leaves its dictation alone")
    func deleteAndRename() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let id = SessionID.make()
        let audio = directory.paths.audioDirectory.appendingPathComponent("b.wav")
        try await database.save(pending(id, audio: audio))
        try await database.renameSession(id: id, to: "Room 14")
        let renamed = try #require(try await database.session(id: id))
        #expect(renamed.name == "Room 14")
        #expect(renamed.state == .processing)
        #expect(renamed.audioFile == audio)
        try await database.deleteSession(id: id)
        #expect(try await database.session(id: id) != nil, "another process may be recording into it")
        var idle = renamed
        idle.state = .notRecording
        idle.audioFile = nil
        try await database.save(idle)
        try await database.deleteSession(id: id)
        #expect(try await database.session(id: id) == nil)
    }
}
