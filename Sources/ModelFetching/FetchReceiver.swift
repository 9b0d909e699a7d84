import Foundation
import Localization
import SpeechModels
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Receives a data task's bytes into the file, turning the outcome into the installer's own failures.
/// URLSession calls it on its own delegate queue; what the calls share is behind one mutex.
final class FetchReceiver: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<Void, Never>?
        var failure: InstallFailure?
        var redirects = 0
        var received: Int64 = 0
        var expected: Int64?
    }

    let url: URL
    private let output: FileHandle
    private let maxBytes: Int64
    private let report: @Sendable (FetchEvent) -> Void
    private let transfer = Mutex(Transfer())

    init(url: URL, output: FileHandle, maxBytes: Int64, report: @escaping @Sendable (FetchEvent) -> Void) {
        self.url = url
        self.output = output
        self.maxBytes = maxBytes
        self.report = report
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Void, Never>) {
        transfer.withLock { $0.continuation = continuation }
        task.resume()
    }

    private func failOnce(_ reason: InstallFailure) {
        transfer.withLock { if $0.failure == nil { $0.failure = reason } }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let count = transfer.withLock {
            $0.redirects += 1
            return $0.redirects
        }
        guard count <= HTTPFetch.maximumRedirects, let scheme = request.url?.scheme?.lowercased(),
            ["http", "https"].contains(scheme)
        else {
            // No cancel here: FoundationNetworking traps when a redirect's task is cancelled before its
            // handler returns. The refused redirect's own response then ends the transfer.
            failOnce(.tooManyRedirects(url: url.absoluteString))
            completionHandler(nil)
            return
        }
        // To the mirror with the same name for ourselves.
        var next = request
        next.setValue(HTTPFetch.userAgent, forHTTPHeaderField: "User-Agent")
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
        let length = response.expectedContentLength > 0 ? response.expectedContentLength : nil
        if refusal == nil, let length, length > maxBytes {
            refusal = .downloadTooLarge(url: url.absoluteString, limit: maxBytes)
        }
        if let refusal {
            failOnce(refusal)
            completionHandler(.cancel)
            return
        }
        transfer.withLock { $0.expected = length }
        report(.accepted(length: length))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        /// Whether the bytes went to the file, or why not: an earlier failure, or one just now.
        enum Outcome { case written, ignored, failed }
        let outcome: Outcome = transfer.withLock { transfer in
            guard transfer.failure == nil else { return .ignored }
            if transfer.received + Int64(data.count) > maxBytes {
                transfer.failure = .downloadTooLarge(url: url.absoluteString, limit: maxBytes)
                return .failed
            }
            do {
                try output.write(contentsOf: data)
                transfer.received += Int64(data.count)
                return .written
            } catch {
                transfer.failure = .unexpected(tr("cannot write the download: the disk may be full"))
                return .failed
            }
        }
        switch outcome {
        case .written: report(.received(bytes: Int64(data.count)))
        case .failed: dataTask.cancel()
        case .ignored: break
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, failure, received, expected) = transfer.withLock { transfer in
            defer { transfer.continuation = nil }
            return (transfer.continuation, transfer.failure, transfer.received, transfer.expected)
        }
        guard let continuation else { return }
        report(Self.outcome(url: url, failure: failure, error: error, received: received, expected: expected))
        continuation.resume()
    }

    /// How the transfer ended, as the installer words it.
    private static func outcome(
        url: URL, failure: InstallFailure?, error: (any Error)?, received: Int64, expected: Int64?
    ) -> FetchEvent {
        let address = url.absoluteString
        if let failure { return .failed(failure) }
        if let error = error as? URLError {
            switch error.code {
            case .timedOut: return .failed(.timedOut(url: address))
            case .httpTooManyRedirects: return .failed(.tooManyRedirects(url: address))
            default: return .failed(.download(url: address, detail: error.localizedDescription))
            }
        }
        if let error { return .failed(.download(url: address, detail: error.localizedDescription)) }
        if let expected, received < expected {
            return .failed(
                .download(url: address, detail: tr("the connection closed after \(received) of \(expected) bytes")))
        }
        return .finished
    }
}
