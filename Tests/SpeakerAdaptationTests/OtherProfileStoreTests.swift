import Foundation
import SpeakerAdaptation
import StationCore
import StationSystem
import Synchronization
import Testing

/// Voice profiles behind the `VoiceProfileStore` port: a training and the decoder's lookup work with a
/// second store as they do with the data directory's files, which is what the clinic store will be.
@Suite("Voice profiles kept by another store than the data directory's files", .serialized)
struct OtherProfileStoreTests {
    @Test("a profile trained, gated and kept in a store of rows; the decoder reads it from a local copy")
    func trainedIntoRows() async throws {
        let local = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: local) }
        let store = RowsProfileStore(local: local)
        let base = DevCorpus.stockModel
        let schedule = ScheduledProfileUpdate(updater: ProfileUpdater(profiles: store), every: 5)
        let alice = try DevCorpus.dictations("slt", 1...30)

        let report = await schedule.run(
            author: "alice", base: base, source: ListedDictations(["alice": alice]), now: Date(), ifDue: true)
        #expect(report.result == .updated, "\(report)")
        let record = try #require(store.record(author: "alice", locale: "en-US"))
        #expect(record.kind.rawValue == report.kind)
        #expect(store.rowCount == 1, "kept as a row, not as files of a data directory")
        // The decoder's lookup: a local copy of the row's model, used as the author's model.
        let model = store.model(author: "alice", base: base)
        #expect(model != base && model.acousticModel.path.hasPrefix(local.path))
        #expect(FileManager.default.fileExists(atPath: model.acousticModel.appendingPathComponent("mdef").path))
        #expect(store.model(author: "bob", base: base) == base)
        // The store remembers what the training was offered: not due again until 5 more.
        #expect(!schedule.isDue(author: "alice", locale: "en-US", usable: alice))
        let scratch = try FileManager.default.contentsOfDirectory(atPath: local.appendingPathComponent("scratch").path)
        #expect(scratch.isEmpty, "the training's folder is gone")
    }
}

/// A second `VoiceProfileStore`, shaped as the clinic store will be: profiles kept away from the data
/// directory (here as rows in memory: a record and the model's files), and the model copied to a local
/// folder when the decoder asks for it.
final class RowsProfileStore: VoiceProfileStore {
    struct Row {
        var record: VoiceProfileRecord
        var files: [String: Data]
    }

    private let rows = Mutex<[String: Row]>([:])
    private let attempts = Mutex<[String: VoiceProfileAttempt]>([:])
    let local: URL

    init(local: URL) { self.local = local }

    var rowCount: Int { rows.withLock { $0.count } }

    func key(_ author: String, _ locale: String) -> String { "\(author)\n\(locale)" }

    func record(author: String, locale: String) -> VoiceProfileRecord? {
        rows.withLock { $0[key(author, locale)]?.record }
    }

    func modelFolder(author: String, locale: String) -> URL? {
        guard let files = rows.withLock({ $0[key(author, locale)]?.files }) else { return nil }
        let folder = local.appendingPathComponent("cache/\(author)/\(locale)/model", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        guard (try? PrivateDirectory.make(folder.path, creatingParents: true)) != nil else { return nil }
        for (name, data) in files {
            guard (try? PrivateFile.write(Array(data), toNew: folder.appendingPathComponent(name).path)) != nil
            else { return nil }
        }
        return folder
    }

    func all() -> [VoiceProfileRecord] {
        rows.withLock { $0.values.map(\.record) }.sorted { ($0.author, $0.locale) < ($1.author, $1.locale) }
    }

    func scratchFolder(author: String) throws -> URL {
        let folder = local.appendingPathComponent("scratch/\(UUID().uuidString)", isDirectory: true)
        try PrivateDirectory.make(folder.path, creatingParents: true)
        return folder
    }

    func install(model: URL, record: VoiceProfileRecord, scratch: URL) throws {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: model.path) {
            files[name] = try Data(contentsOf: model.appendingPathComponent(name))
        }
        let row = Row(record: record, files: files)
        rows.withLock { $0[key(record.author, record.locale)] = row }
    }

    func reset(author: String) throws -> Bool {
        rows.withLock { rows in
            let gone = rows.keys.filter { $0.hasPrefix("\(author)\n") }
            gone.forEach { rows.removeValue(forKey: $0) }
            return !gone.isEmpty
        }
    }

    func lastAttempt(author: String, locale: String) -> VoiceProfileAttempt? {
        attempts.withLock { $0[key(author, locale)] }
    }

    func recordAttempt(_ attempt: VoiceProfileAttempt, author: String, locale: String) throws {
        attempts.withLock { $0[key(author, locale)] = attempt }
    }

    func allAttempts() -> [(author: String, locale: String, attempt: VoiceProfileAttempt)] {
        attempts.withLock { $0 }.sorted { $0.key < $1.key }.map { entry in
            let parts = entry.key.split(separator: "\n")
            return (String(parts[0]), String(parts[1]), entry.value)
        }
    }
}
