import Foundation
import Localization
import SpeechModels

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches one http or https URL into an existing file, for the model installer, in a process of its
/// own (`dictation-station-fetch`). It names itself to the server, follows redirects to mirrors (http and
/// https only, at most `maximumRedirects`), refuses an error status, a web page sent in place of the file
/// and anything past `maxBytes`, and fails when the server stays silent for `idleTimeout`. Each step
/// goes to `report` as a `FetchEvent`, the last one `finished` or `failed`.
package struct HTTPFetch: Sendable {
    /// The User-Agent sent: a download tool's, so hosts like SourceForge redirect to a mirror instead of
    /// answering with a browser page.
    static let userAgent = "dictation-station-model-installer/1 (PocketSphinx models; offline dictation)"
    static let maximumRedirects = 10

    package var url: URL
    package var destination: URL
    package var maxBytes: Int64
    /// How long the server may stay silent before the download fails.
    package var idleTimeout: TimeInterval

    package init(url: URL, destination: URL, maxBytes: Int64, idleTimeout: TimeInterval) {
        self.url = url
        self.destination = destination
        self.maxBytes = maxBytes
        self.idleTimeout = idleTimeout
    }

    /// Runs the transfer to its end; `report` hears every event, from URLSession's delegate queue.
    package func run(report: @escaping @Sendable (FetchEvent) -> Void) async {
        let output: FileHandle
        do {
            output = try FileHandle(forWritingTo: destination)
        } catch {
            report(.failed(.unexpected(tr("cannot write the download into the models folder"))))
            return
        }
        defer { try? output.close() }
        let receiver = FetchReceiver(url: url, output: output, maxBytes: maxBytes, report: report)
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
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            receiver.start(task, continuation: continuation)
        }
    }
}
