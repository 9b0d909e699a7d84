import Foundation
import Localization
import StationCore
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches one file over http, https or file URLs into a local file, reporting the bytes received.
/// Cancelling the calling task stops the transfer. Every download has a deadline, a minimum rate, a
/// size limit and keeps the recordings' reserve free; it names itself to the server, follows redirects
/// to mirrors and refuses a web page sent in place of the file.
struct ModelDownloader: Sendable {
    /// The User-Agent sent: a download tool's, so hosts like SourceForge redirect to a mirror instead of
    /// answering with a browser page.
    static let userAgent = "dictation-station-model-installer/1 (PocketSphinx models; offline dictation)"
    static let maximumRedirects = 10

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

    private func fetch(_ url: URL, to destination: URL, sink: DownloadSink) async throws {
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        let receiver = DownloadReceiver(url: url, output: output, sink: sink)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": Self.userAgent]
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: idleTimeout)
        request.httpMethod = "GET"
        request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        let task = session.dataTask(with: request)
        let watchdog = Task { [limits, clock] in
            await Self.watch(receiver, task: task, limits: limits, clock: clock)
        }
        defer { watchdog.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                receiver.start(task, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Ends the transfer when it passes the deadline or averages less than the minimum rate over a window.
    private static func watch(
        _ receiver: DownloadReceiver, task: URLSessionDataTask, limits: InstallLimits, clock: any StationClock
    ) async {
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
            let bytes = receiver.received
            let url = receiver.url.absoluteString
            if now - start >= limits.downloadDeadline {
                receiver.fail(.pastDeadline(url: url, limit: limits.downloadDeadline, received: bytes), task: task)
                return
            }
            let seconds =
                Double((now - lastCheck).components.seconds)
                + Double((now - lastCheck).components.attoseconds) / 1e18
            if limits.minimumRate > 0, now - lastCheck >= limits.rateWindow,
                Double(bytes - lastBytes) < Double(limits.minimumRate) * seconds
            {
                receiver.fail(
                    .tooSlow(
                        url: url, bytes: bytes - lastBytes, seconds: Int64(seconds.rounded()),
                        minimumRate: limits.minimumRate), task: task)
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
    private let maxBytes: Int64
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

/// Receives a data task's bytes into the file, turning the outcome into the install's own errors.
///
/// URLSession calls it on its own delegate queue while the watchdog reads and fails it from a task:
/// what they share is behind one mutex.
private final class DownloadReceiver: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var sink: DownloadSink
        var continuation: CheckedContinuation<Void, any Error>?
        var failure: InstallFailure?
        var redirects = 0
    }

    let url: URL
    private let output: FileHandle
    private let transfer: Mutex<Transfer>

    init(url: URL, output: FileHandle, sink: DownloadSink) {
        self.url = url
        self.output = output
        self.transfer = Mutex(Transfer(sink: sink))
    }

    /// The bytes received so far.
    var received: Int64 { transfer.withLock { $0.sink.receivedBytes } }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Void, any Error>) {
        transfer.withLock { $0.continuation = continuation }
        task.resume()
    }

    /// Ends the transfer with `failure` (the first one wins).
    func fail(_ reason: InstallFailure, task: URLSessionTask) {
        transfer.withLock { if $0.failure == nil { $0.failure = reason } }
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let count = transfer.withLock {
            $0.redirects += 1
            return $0.redirects
        }
        guard count <= ModelDownloader.maximumRedirects, let scheme = request.url?.scheme?.lowercased(),
            ["http", "https"].contains(scheme)
        else {
            // No cancel here: FoundationNetworking traps when a redirect's task is cancelled before its
            // handler returns. The refused redirect's own response then ends the transfer.
            transfer.withLock { if $0.failure == nil { $0.failure = .tooManyRedirects(url: url.absoluteString) } }
            completionHandler(nil)
            return
        }
        // To the mirror with the same name for ourselves.
        var next = request
        next.setValue(ModelDownloader.userAgent, forHTTPHeaderField: "User-Agent")
        completionHandler(next)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        var refusal = transfer.withLock { $0.failure }
        if refusal == nil, let http = response as? HTTPURLResponse {
            if !(200..<300).contains(http.statusCode) {
                refusal = .httpStatus(url: url.absoluteString, status: http.statusCode)
            } else if DownloadContent.isWebPage(contentType: http.value(forHTTPHeaderField: "Content-Type")) {
                refusal = .webPage(file: CatalogPart(url: url).fileName)
            }
        }
        if refusal == nil {
            let length = response.expectedContentLength
            do {
                try transfer.withLock { try $0.sink.expect(length > 0 ? length : nil) }
            } catch let failure as InstallFailure {
                refusal = failure
            } catch {
                refusal = .unexpected("\(error)")
            }
        }
        if let refusal {
            transfer.withLock { if $0.failure == nil { $0.failure = refusal } }
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        /// Whether the bytes went to the file, or why not: an earlier failure, or one just now.
        enum Outcome { case written, ignored, failed }
        let outcome: Outcome = transfer.withLock { transfer in
            guard transfer.failure == nil else { return .ignored }
            do {
                try transfer.sink.admit(data.count)
                try output.write(contentsOf: data)
            } catch let reason as InstallFailure {
                transfer.failure = reason
            } catch {
                transfer.failure = .unexpected(tr("cannot write the download: the disk may be full"))
            }
            return transfer.failure == nil ? .written : .failed
        }
        switch outcome {
        case .written: transfer.withLock { $0.sink.report(Int64(data.count)) }
        case .failed: dataTask.cancel()
        case .ignored: break
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, failure, received, expected) = transfer.withLock { transfer in
            defer { transfer.continuation = nil }
            return (transfer.continuation, transfer.failure, transfer.sink.receivedBytes, transfer.sink.expectedBytes)
        }
        guard let continuation else { return }
        if let failure {
            continuation.resume(throwing: failure)
        } else if let error = error as? URLError {
            switch error.code {
            case .cancelled: continuation.resume(throwing: CancellationError())
            case .timedOut: continuation.resume(throwing: InstallFailure.timedOut(url: url.absoluteString))
            case .httpTooManyRedirects:
                continuation.resume(throwing: InstallFailure.tooManyRedirects(url: url.absoluteString))
            default:
                continuation.resume(
                    throwing: InstallFailure.download(url: url.absoluteString, detail: error.localizedDescription))
            }
        } else if let error {
            continuation.resume(
                throwing: InstallFailure.download(url: url.absoluteString, detail: error.localizedDescription))
        } else if let expected, received < expected {
            continuation.resume(
                throwing: InstallFailure.download(
                    url: url.absoluteString, detail: tr("the connection closed after \(received) of \(expected) bytes"))
            )
        } else {
            continuation.resume()
        }
    }
}
