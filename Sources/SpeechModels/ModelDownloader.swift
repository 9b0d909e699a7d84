import Foundation
import Localization
import StationCore
import StationSystem

/// Fetches one file over http, https or file URLs into a local file, reporting the bytes received.
/// Cancelling the calling task stops the transfer. Every download has a deadline, a minimum rate, a
/// size limit and keeps the recordings' reserve free. An http(s) download runs in the download helper
/// (`HTTPFetch` in `dictation-station-fetch`), which names itself to the server, follows redirects to
/// mirrors and refuses a web page sent in place of the file.
struct ModelDownloader: Sendable {
    /// How long the server may stay silent before the download fails.
    var idleTimeout: TimeInterval
    var limits = InstallLimits()
    var clock: any StationClock = SystemClock()

    /// Downloads `url` to `destination` (created or replaced), stopping past `maxBytes`; `progress`
    /// hears bytes so far and the expected length when the server says it.
    func download(
        _ url: URL, to destination: URL, maxBytes: Int64, space: FreeSpaceGuard,
        progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw InstallFailure.unexpected(tr("cannot create a temporary file in the models folder"))
        }
        var sink = DownloadSink(url: url, maxBytes: maxBytes, space: space, progress: progress)
        if url.isFileURL {
            try copyFile(url, to: destination, sink: &sink)
        } else {
            try await fetch(url, to: destination, sink: sink)
        }
    }

    private func copyFile(_ source: URL, to destination: URL, sink: inout DownloadSink) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: source)
        } catch {
            throw InstallFailure.download(url: source.path, detail: tr("no such file"))
        }
        defer { try? input.close() }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        let total = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? NSNumber)?.int64Value
        try sink.expect(total)
        while true {
            try Task.checkCancellation()
            guard let block = try input.read(upToCount: 1 << 18), !block.isEmpty else { break }
            try sink.admit(block.count)
            try output.write(contentsOf: block)
            sink.report(Int64(block.count))
        }
    }

    /// Fetches over http(s) in the download helper (see `FetchTool`), counting its bytes against the
    /// limits here; a limit hit or a cancel stops the helper.
    private func fetch(_ url: URL, to destination: URL, sink: DownloadSink) async throws {
        var spawn = Spawn(
            try FetchTool.path(),
            [url.absoluteString, destination.path, String(sink.maxBytes), String(idleTimeout)])
        spawn.output = .capture
        // Its life is the station's: a terminal's Ctrl-C reaches the station, which cancels and stops it,
        // and a station that dies takes it along.
        spawn.ownProcessGroup = true
        spawn.diesWithParent = true
        let child: ChildProcess
        do {
            child = try spawn.start()
        } catch {
            throw InstallFailure.unexpected(tr("cannot start the download helper: \(error)"))
        }
        let transfer = FetchTransfer(url: url, child: child, sink: sink)
        let watchdog = Task { [limits, clock] in
            await Self.watch(transfer, limits: limits, clock: clock)
        }
        defer { watchdog.cancel() }
        let outcome = await withTaskCancellationHandler {
            await OwnThread.run { transfer.follow() }
        } onCancel: {
            transfer.cancel()
        }
        try outcome.get()
    }

    /// Ends the transfer when it passes the deadline or averages less than the minimum rate over a window.
    private static func watch(_ transfer: FetchTransfer, limits: InstallLimits, clock: any StationClock) async {
        let start = clock.now
        var lastCheck = start
        var lastBytes: Int64 = 0
        while !Task.isCancelled {
            let remaining = limits.downloadDeadline - (clock.now - start)
            let step = limits.minimumRate > 0 ? min(limits.rateWindow, remaining) : remaining
            do {
                try await clock.sleep(for: max(step, .milliseconds(10)))
            } catch {
                return
            }
            let now = clock.now
            let bytes = transfer.received
            let url = transfer.url.absoluteString
            if now - start >= limits.downloadDeadline {
                transfer.fail(.pastDeadline(url: url, limit: limits.downloadDeadline, received: bytes))
                return
            }
            let seconds =
                Double((now - lastCheck).components.seconds)
                + Double((now - lastCheck).components.attoseconds) / 1e18
            if limits.minimumRate > 0, now - lastCheck >= limits.rateWindow,
                Double(bytes - lastBytes) < Double(limits.minimumRate) * seconds
            {
                transfer.fail(
                    .tooSlow(
                        url: url, bytes: bytes - lastBytes, seconds: Int64(seconds.rounded()),
                        minimumRate: limits.minimumRate))
                return
            }
            if now - lastCheck >= limits.rateWindow {
                lastCheck = now
                lastBytes = bytes
            }
        }
    }
}

/// Where a download's bytes are counted against its limit and the free disk space.
struct DownloadSink: Sendable {
    let url: URL
    let maxBytes: Int64
    private let space: FreeSpaceGuard
    private let progress: @Sendable (Int64, Int64?) -> Void
    private var received: Int64 = 0
    private var expected: Int64?
    private var sinceSpaceCheck: Int64 = 0

    init(url: URL, maxBytes: Int64, space: FreeSpaceGuard, progress: @escaping @Sendable (Int64, Int64?) -> Void) {
        self.url = url
        self.maxBytes = maxBytes
        self.space = space
        self.progress = progress
    }

    /// The announced length: refused at once when past the limit or when it would not fit on the disk.
    mutating func expect(_ length: Int64?) throws {
        expected = length
        guard let length else { return }
        guard length <= maxBytes else {
            throw InstallFailure.downloadTooLarge(url: url.absoluteString, limit: maxBytes)
        }
        try space.require(length)
    }

    /// Admits `count` more bytes, or throws when the download passes its limit or the disk its reserve.
    mutating func admit(_ count: Int) throws {
        guard received + Int64(count) <= maxBytes else {
            throw InstallFailure.downloadTooLarge(url: url.absoluteString, limit: maxBytes)
        }
        sinceSpaceCheck += Int64(count)
        if sinceSpaceCheck >= 4 << 20 {
            sinceSpaceCheck = 0
            try space.require(0)
        }
    }

    /// Counts written bytes and reports them.
    mutating func report(_ count: Int64) {
        received += count
        progress(received, expected)
    }

    var receivedBytes: Int64 { received }
    var expectedBytes: Int64? { expected }
}
