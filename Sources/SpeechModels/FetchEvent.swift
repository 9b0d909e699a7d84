import Foundation

/// What the download helper (`dictation-station-fetch`) tells the station, one JSON object per line on
/// its standard output. The helper only fetches; the station keeps every limit that depends on more
/// than the transfer (free space, the deadline, the minimum rate) and stops the helper when one is hit.
package enum FetchEvent: Codable, Sendable, Equatable {
    /// The server's answer was accepted (a 2xx, not a web page, not past the size limit), with the
    /// length it announced, if any.
    case accepted(length: Int64?)
    /// This many more bytes are in the file.
    case received(bytes: Int64)
    /// The whole file is in place.
    case finished
    /// The transfer failed, and why.
    case failed(InstallFailure)

    /// The event as one line of JSON, with its newline.
    package var line: [UInt8] {
        // Encoding an enum of strings and numbers cannot fail.
        var bytes = Array((try? JSONEncoder().encode(self)) ?? Data())
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The event on `line` (without its newline), or nil when it is not one.
    package init?(line: some Collection<UInt8>) {
        guard let event = try? JSONDecoder().decode(FetchEvent.self, from: Data(line)) else { return nil }
        self = event
    }
}
