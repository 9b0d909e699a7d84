import Foundation
import Localization
import StationCore
import Synchronization

/// One install of one locale, from download to the atomic rename, in a temporary folder inside the models
/// folder that is always removed. Reports through `report`; throws `CancellationError` or `InstallFailure`.
struct InstallPipeline: Sendable {
    var entry: CatalogEntry
    var folders: ModelFolders
    var downloader: ModelDownloader
    var throttle: ProgressThrottle
    var report: @Sendable (InstallEvent) -> Void

    private var limits: InstallLimits { downloader.limits }
    private var space: FreeSpaceGuard { FreeSpaceGuard(folder: folders.root, limits: limits) }

    func run() async throws {
        let work = try folders.makeWorkFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        report(.started)
        // What the catalog declares must fit beside the recordings' reserve before anything is fetched.
        try space.require(entry.declaredDiskUse)
        let files = try await downloadAll(into: work)
        report(.verifying)
        for download in files { try DownloadContent.check(download.file, name: download.part.fileName) }
        try verify(files)
        let unpacked = try unpack(files, in: work)
        let parts = try resolveParts(unpacked)
        try ModelLayout.check(
            acoustic: parts.acoustic, languageModel: parts.languageModel, dictionary: parts.dictionary)
        try Task.checkCancellation()
        let staged = work.appendingPathComponent("model", isDirectory: true)
        try ModelLayout.assemble(
            locale: entry.locale, acoustic: parts.acoustic, languageModel: parts.languageModel,
            dictionary: parts.dictionary, into: staged)
        try Task.checkCancellation()
        // Past this point the install completes even when cancelled: the rename is the commit.
        try folders.putInPlace(staged, locale: entry.locale)
    }

    /// One download of the catalog entry, where it landed.
    struct Downloaded {
        var part: CatalogPart
        var file: URL
    }

    private func downloadAll(into work: URL) async throws -> [Downloaded] {
        let downloads = entry.downloads
        let catalogTotal = entry.downloadSize
        var done: Int64 = 0
        var result: [Downloaded] = []
        let folder = work.appendingPathComponent("downloads", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        for (index, part) in downloads.enumerated() {
            let file = folder.appendingPathComponent("\(index)-\(part.fileName)")
            let before = done
            let single = downloads.count == 1
            let throttle = throttle
            let report = report
            let maxBytes = limits.downloadLimit(declared: part.size)
            try await downloader.download(part.url, to: file, maxBytes: maxBytes, space: space) { bytes, expected in
                let total = catalogTotal ?? (single ? expected : nil)
                if throttle.shouldReport(bytes: before + bytes, total: total) {
                    report(.progress(bytes: before + bytes, total: total))
                }
            }
            done += (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
            result.append(Downloaded(part: part, file: file))
        }
        return result
    }

    private func verify(_ files: [Downloaded]) throws {
        for download in files {
            guard let expected = download.part.sha256?.lowercased() else { continue }
            guard try SHA256Digest.hex(of: download.file) == expected else {
                throw InstallFailure.checksumMismatch(file: download.part.fileName)
            }
        }
    }

    /// Unpacks archives into `unpacked/<n>/`, decompresses single files, and moves plain files there.
    private func unpack(_ files: [Downloaded], in work: URL) throws -> [URL: URL] {
        var roots: [URL: URL] = [:]
        let base = work.appendingPathComponent("unpacked", isDirectory: true)
        for (index, download) in files.enumerated() {
            try Task.checkCancellation()
            let root = base.appendingPathComponent("\(index)", isDirectory: true)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let name = download.part.fileName
            let size =
                (try? FileManager.default.attributesOfItem(atPath: download.file.path)[.size] as? NSNumber)?
                .int64Value ?? 0
            let budget = UnpackBudget(
                file: name, limit: limits.unpackLimit(declared: download.part.unpackedSize, archiveSize: size),
                declared: download.part.unpackedSize != nil, space: space)
            if ModelLayout.isArchive(name) {
                try ArchiveExtractor.extract(download.file, into: root, budget: budget)
            } else if let compression = ModelLayout.compressionSuffix(name) {
                let plain = String(name.dropLast(compression.count))
                try ArchiveExtractor.decompress(download.file, to: root.appendingPathComponent(plain), budget: budget)
            } else {
                try FileManager.default.moveItem(at: download.file, to: root.appendingPathComponent(name))
            }
            try? FileManager.default.removeItem(at: download.file)
            roots[download.part.url] = root
        }
        return roots
    }

    private func resolveParts(_ roots: [URL: URL]) throws -> (acoustic: URL, languageModel: URL, dictionary: URL) {
        func locate(_ part: CatalogPart) throws -> URL {
            guard let root = roots[part.url] else {
                throw InstallFailure.unexpected(tr("\(part.fileName) was not fetched"))
            }
            if let path = part.path { return root.appendingPathComponent(path) }
            if ModelLayout.isArchive(part.fileName) { return root }
            var name = part.fileName
            if let compression = ModelLayout.compressionSuffix(name) { name = String(name.dropLast(compression.count)) }
            return root.appendingPathComponent(name)
        }
        return (try locate(entry.acousticModel), try locate(entry.languageModel), try locate(entry.dictionary))
    }
}

/// Lets progress through a few times a second at most, and always the first and the last.
final class ProgressThrottle: Sendable {
    private let clock: any StationClock
    private let interval: Duration
    /// When progress last went through.
    private let last = Mutex<Duration?>(nil)

    init(clock: any StationClock, interval: Duration) {
        self.clock = clock
        self.interval = interval
    }

    func shouldReport(bytes: Int64, total: Int64?) -> Bool {
        let now = clock.now
        return last.withLock { last in
            let complete = total.map { bytes >= $0 } ?? false
            if let last, now - last < interval, !complete { return false }
            last = now
            return true
        }
    }
}
