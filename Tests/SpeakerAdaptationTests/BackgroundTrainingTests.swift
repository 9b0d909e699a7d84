import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SpeakerAdaptation

/// The station's side of background training, with a real child process: a script stands in for the
/// binary and answers as `profiles update --json` would, or fails, or is killed.
@Suite("Background voice profile training")
struct BackgroundTrainingTests {
    /// A stand-in binary running `body`; it notes its arguments and niceness beside itself.
    func fakeBinary(_ body: String) throws -> (URL, URL) {
        let folder = try DevCorpus.temporaryFolder()
        let script = folder.appendingPathComponent("dictation-station")
        let text =
            "#!/bin/bash\necho \"$@\" > \"\(folder.path)/arguments\"\nnice > \"\(folder.path)/niceness\"\n\(body)\n"
        try Data(text.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        return (script, folder)
    }

    @Test("the child's last JSON line is the outcome; it runs niced, for the author and locale, only if due")
    func outcomeFromChild() async throws {
        let line = ProfileUpdateReport(result: .updated, author: "alice", locale: "en-US")
        var report = line
        report.heldBack = 8
        report.stockPercent = 20.94
        report.candidatePercent = 6.08
        let (binary, folder) = try fakeBinary("echo 'Training…'\necho '\(report.jsonLine())'")
        defer { try? FileManager.default.removeItem(at: folder) }
        let training = BackgroundProfileTraining(
            executable: binary, dataDirectory: URL(fileURLWithPath: "/data dir"), every: 7)
        let outcome = await training.trainIfDue(author: "alice", locale: "en-US")
        #expect(outcome == .updated(locale: "en-US", before: 20.94, after: 6.08, heldBack: 8))
        let arguments = try String(contentsOf: folder.appendingPathComponent("arguments"), encoding: .utf8)
        #expect(
            arguments
                == "--data-dir /data dir profiles update --author alice --locale en-US --if-due --every 7 --json\n")
        let niceness = try String(contentsOf: folder.appendingPathComponent("niceness"), encoding: .utf8)
        #expect(Int(niceness.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= 10)
    }

    @Test("a station told its clinic store with --store hands it on, so the child trains the store's profile")
    func storeHandedOn() async throws {
        let line = ProfileUpdateReport(result: .notDue, author: "alice", locale: "en-US")
        let (binary, folder) = try fakeBinary("echo '\(line.jsonLine())'")
        defer { try? FileManager.default.removeItem(at: folder) }
        let training = BackgroundProfileTraining(
            executable: binary, dataDirectory: URL(fileURLWithPath: "/data"), every: 7, store: "service=clinic")
        _ = await training.trainIfDue(author: "alice", locale: "en-US")
        let arguments = try String(contentsOf: folder.appendingPathComponent("arguments"), encoding: .utf8)
        #expect(arguments.hasPrefix("--store service=clinic --data-dir /data profiles update --author alice"))
    }

    @Test("a child that is killed, or ends without a result, is a failed outcome saying so")
    func childFailures() async throws {
        let (killed, killedFolder) = try fakeBinary("kill -KILL $$")
        defer { try? FileManager.default.removeItem(at: killedFolder) }
        let (silent, silentFolder) = try fakeBinary("echo 'sphinx_fe: something about the ward round' >&2\nexit 3")
        defer { try? FileManager.default.removeItem(at: silentFolder) }
        let data = URL(fileURLWithPath: "/nowhere")
        #expect(
            await BackgroundProfileTraining(executable: killed, dataDirectory: data).trainIfDue(
                author: "alice", locale: "en-US")
                == .failed(locale: "en-US", reason: "the training was stopped (signal 9)"))
        #expect(
            await BackgroundProfileTraining(executable: silent, dataDirectory: data).trainIfDue(
                author: "alice", locale: "en-US")
                == .failed(locale: "en-US", reason: "the training ended without a result (exit status 3)"))
    }

    @Test("one training runs, one waits, and any further request joins the one that waits")
    func oneRunsOneWaits() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let alice = TrainingQueue.Request(author: "alice", locale: "en-US")
        let first = TrainingQueue(profiles: profiles)
        #expect(try first.enter(alice) == .running([alice]))
        let waited = Locked(false)
        let second = Locked<TrainingQueue.Place?>(nil)
        let waiter = Thread {
            let queue = TrainingQueue(profiles: profiles)
            let place = try? queue.enter(alice, waiting: { waited.withLock { $0 = true } })
            second.withLock { $0 = place }
            queue.leave()
        }
        waiter.start()
        try? await waitUntil("the second training to wait") { waited.current }
        #expect(second.current == nil, "it waits while the first runs")
        // Anything asked now joins the waiting one, which takes the requests when its turn comes.
        let bob = TrainingQueue.Request(author: "bob", locale: "nl-NL")
        #expect(try TrainingQueue(profiles: profiles).enter(bob) == .joined)
        #expect(try TrainingQueue(profiles: profiles).enter(alice) == .joined)
        guard case .joined = TrainingQueue.takeWaitingPlace(bob, profiles: profiles) else {
            Issue.record("no child is needed while one waits")
            return
        }
        first.leave()
        try? await waitUntil("the second training to run") { second.current != nil }
        #expect(second.current == .running([alice, bob]), "its own request and the ones that joined it")
        // The queue is empty again: a request takes the waiting place for its child, which inherits it.
        guard case .waitingPlace(let place) = TrainingQueue.takeWaitingPlace(bob, profiles: profiles) else {
            Issue.record("the waiting place was free")
            return
        }
        #expect(try TrainingQueue(profiles: profiles).enter(alice) == .joined, "taken for the child")
        let child = TrainingQueue(profiles: profiles)
        #expect(try child.enter(bob, inherited: place) == .running([alice, bob]))
        child.leave()
    }

    @Test("a training typed by hand never joins: it waits to be the one that waits")
    func byHandWaits() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let alice = TrainingQueue.Request(author: "alice", locale: "en-US")
        let running = TrainingQueue(profiles: profiles)
        _ = try running.enter(alice)
        let waiting = Unchecked(TrainingQueue(profiles: profiles))
        let waitingPlace = Locked<TrainingQueue.Place?>(nil)
        let told = Locked(0)
        Thread {
            let place = try? waiting.value.enter(alice, waiting: { told.withLock { $0 += 1 } })
            waitingPlace.withLock { $0 = place }
        }.start()
        try? await waitUntil("the first waiter to wait") { told.current == 1 }
        let byHand = Unchecked(TrainingQueue(profiles: profiles))
        let byHandPlace = Locked<TrainingQueue.Place?>(nil)
        Thread {
            let place = try? byHand.value.enter(alice, mayJoin: false, waiting: { told.withLock { $0 += 1 } })
            byHandPlace.withLock { $0 = place }
        }.start()
        try? await waitUntil("the one typed by hand to wait") { told.current == 2 }
        running.leave()
        try? await waitUntil("the waiting one to run") { waitingPlace.current != nil }
        #expect(byHandPlace.current == nil, "one at a time")
        waiting.value.leave()
        try? await waitUntil("the one typed by hand to run") { byHandPlace.current != nil }
        #expect(byHandPlace.current == .running([alice]))
        byHand.value.leave()
    }

    @Test("what a killed training left is reclaimed; profiles and other files stay")
    func reclaim() throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let scratch = try profiles.scratchFolder(author: "alice")
        try Data("audio".utf8).write(to: scratch.appendingPathComponent("u0001.raw"))
        let kept = data.appendingPathComponent("profiles/alice/en-US")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        #expect(profiles.reclaimScratch() == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path))
        #expect(FileManager.default.fileExists(atPath: kept.path))
    }

    @Test("an update is due for a first profile, then again only after enough new dictations")
    func dueRule() throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let schedule = ScheduledProfileUpdate(updater: ProfileUpdater(profiles: profiles), every: 10)
        func dictations(_ numbers: ClosedRange<Int>) -> [CorrectedDictation] {
            numbers.map {
                CorrectedDictation(
                    audioFile: URL(fileURLWithPath: "/audio/\($0).wav"), text: "words",
                    created: Date(timeIntervalSince1970: Double($0)))
            }
        }
        #expect(schedule.isDue(author: "alice", locale: "en-US", usable: dictations(1...25)))
        try profiles.recordAttempt(
            TrainingAttempt(date: Date(), dictations: Set(dictations(1...25).map(TrainingAttempt.key))),
            author: "alice", locale: "en-US")
        #expect(!schedule.isDue(author: "alice", locale: "en-US", usable: dictations(1...34)))
        #expect(schedule.isDue(author: "alice", locale: "en-US", usable: dictations(1...35)))
        #expect(schedule.isDue(author: "bob", locale: "en-US", usable: dictations(1...25)), "Bob's is his own")
        let file = profiles.attemptFile(author: "alice", locale: "en-US")
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a correction of digits alone changes the words spoken: new data; one of case or punctuation is not")
    func digitsAreWords() throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let schedule = ScheduledProfileUpdate(updater: ProfileUpdater(profiles: profiles), every: 1)
        // As `ReportDictations` reads a report: its text said back in words.
        func dictation(_ text: String) -> CorrectedDictation {
            CorrectedDictation(
                audioFile: URL(fileURLWithPath: "/audio/1.wav"), text: ClinicalNumbers.spoken(text, locale: "en-US"),
                created: Date(timeIntervalSince1970: 1), report: 1)
        }
        let trained = dictation("Blood pressure 120/80")
        try profiles.recordAttempt(
            TrainingAttempt(date: Date(), dictations: [TrainingAttempt.key(of: trained)]), author: "alice",
            locale: "en-US")
        #expect(!schedule.isDue(author: "alice", locale: "en-US", usable: [trained]))
        #expect(
            schedule.isDue(author: "alice", locale: "en-US", usable: [dictation("Blood pressure 130/80")]),
            "one hundred thirty is another word than one hundred twenty")
        #expect(!schedule.isDue(author: "alice", locale: "en-US", usable: [dictation("blood pressure 120/80.")]))
    }

    @Test("too few usable dictations: collecting, with how many and how many are needed")
    func collecting() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let source = ListedDictations(["alice": try DevCorpus.dictations("slt", 1...3)])
        let report = await ScheduledProfileUpdate(updater: ProfileUpdater(profiles: profiles)).run(
            author: "alice", base: DevCorpus.stockModel, source: source, now: Date(), ifDue: true)
        #expect(report.result == .collecting)
        #expect(report.usable == 3)
        #expect(report.needed == 5)
        #expect(report.outcome == .collecting(locale: "en-US", usable: 3, needed: 5))
    }

    @Test("a training that fails names its cause, and is not tried again until enough new dictations came")
    func failedTrainingWaits() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let missing = TrainingTools(binDirectory: data.appendingPathComponent("no-tools"))
        let schedule = ScheduledProfileUpdate(
            updater: ProfileUpdater(profiles: profiles, trainer: ProfileTrainer(tools: missing)), every: 3)
        let corpus = try DevCorpus.dictations("slt", 1...28)
        func run(_ count: Int) async -> ProfileUpdateReport {
            await schedule.run(
                author: "alice", base: DevCorpus.stockModel,
                source: ListedDictations(["alice": Array(corpus.prefix(count))]), now: Date(), ifDue: true)
        }
        let failed = await run(25)
        #expect(failed.result == .failed)
        #expect(failed.reason?.hasPrefix("pocketsphinx_mdef_convert is not installed") == true, "\(failed)")
        #expect(await run(27).result == .notDue, "two new dictations are not three")
        #expect(await run(28).result == .failed, "three are: tried again")
        let left = try FileManager.default.contentsOfDirectory(
            atPath: data.appendingPathComponent("profiles/alice").path)
        #expect(left == [".attempt-en-US.json"], "no scratch folder, no profile")
    }
}

/// A queue handed to a thread that takes its place, while the test lets go of it: the test orders
/// every use by waiting for the thread's state, never touching it at the same time.
final class Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
