import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches one file over http, https or file URLs into a local file, reporting the bytes received.
/// Cancelling the calling task stops the transfer.
struct ModelDownloader: Sendable {
    /// How long the server may stay silent before the download fails.
    var idleTimeout: TimeInterval

    /// Downloads `url` to `destination` (created or replaced); `progress` hears bytes so far and the
    /// expected length when the server says it.
    func download(
        _ url: URL, to destination: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw InstallFailure.unexpected("cannot create a temporary file in the models folder")
        }
        if url.isFileURL {
            try copyFile(url, to: destination, progress: progress)
        } else {
            try await fetch(url, to: destination, progress: progress)
        }
    }

    private func copyFile(
        _ source: URL, to destination: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: source)
        } catch {
            throw InstallFailure.download(url: source.path, detail: "no such file")
        }
        defer { try? input.close() }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        let total = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? NSNumber)?.int64Value
        var copied: Int64 = 0
        while true {
            try Task.checkCancellation()
            guard let block = try input.read(upToCount: 1 << 18), !block.isEmpty else { break }
            try output.write(contentsOf: block)
            copied += Int64(block.count)
            progress(copied, total)
        }
    }

    private func fetch(
        _ url: URL, to destination: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void
    ) async throws {
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        let receiver = DownloadReceiver(url: url, output: output, progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: idleTimeout)
        request.httpMethod = "GET"
        let task = session.dataTask(with: request)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                receiver.start(task, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Receives a data task's bytes into the file, turning the outcome into the install's own errors.
private final class DownloadReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let output: FileHandle
    private let progress: @Sendable (Int64, Int64?) -> Void
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var received: Int64 = 0
    private var expected: Int64?
    private var failure: InstallFailure?

    init(url: URL, output: FileHandle, progress: @escaping @Sendable (Int64, Int64?) -> Void) {
        self.url = url
        self.output = output
        self.progress = progress
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Void, any Error>) {
        lock.withLock { self.continuation = continuation }
        task.resume()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            lock.withLock { failure = .httpStatus(url: url.absoluteString, status: http.statusCode) }
            completionHandler(.cancel)
            return
        }
        let length = response.expectedContentLength
        lock.withLock { expected = length > 0 ? length : nil }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let written: (Int64, Int64?)? = lock.withLock {
            guard failure == nil else { return nil }
            do {
                try output.write(contentsOf: data)
            } catch {
                failure = .unexpected("cannot write the download: the disk may be full")
                dataTask.cancel()
                return nil
            }
            received += Int64(data.count)
            return (received, expected)
        }
        if let written { progress(written.0, written.1) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, failure, received, expected) = lock.withLock {
            defer { self.continuation = nil }
            return (self.continuation, self.failure, self.received, self.expected)
        }
        guard let continuation else { return }
        if let failure {
            continuation.resume(throwing: failure)
        } else if let error = error as? URLError {
            switch error.code {
            case .cancelled: continuation.resume(throwing: CancellationError())
            case .timedOut: continuation.resume(throwing: InstallFailure.timedOut(url: url.absoluteString))
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
                    url: url.absoluteString, detail: "the connection closed after \(received) of \(expected) bytes"))
        } else {
            continuation.resume()
        }
    }
}
