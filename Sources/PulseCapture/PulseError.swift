import CPulseAudio
import Foundation
import StationCore

/// A libpulse failure: its error code (`PA_ERR_*`) and what the station was doing.
struct PulseError: Error, Equatable, CustomStringConvertible {
    var code: Int32
    var operation: String

    /// The library's own words for the code.
    var message: String { String(cString: pa_strerror(code)) }
    var description: String { "\(operation): \(message)" }

    /// The one place that reads a failed call's code: the context's last error.
    static func last(of context: OpaquePointer?, _ operation: String) -> PulseError {
        let code = context.map { pa_context_errno($0) } ?? Int32(PA_ERR_UNKNOWN.rawValue)
        return PulseError(code: code == 0 ? Int32(PA_ERR_UNKNOWN.rawValue) : code, operation: operation)
    }

    /// The server did not answer `operation` in time.
    static func timedOut(_ operation: String) -> PulseError {
        PulseError(code: Int32(PA_ERR_TIMEOUT.rawValue), operation: operation)
    }

    /// The codes that mean no server is there to talk to.
    var isUnreachable: Bool {
        [
            PA_ERR_CONNECTIONREFUSED, PA_ERR_INVALIDSERVER, PA_ERR_CONNECTIONTERMINATED, PA_ERR_TIMEOUT,
            PA_ERR_NOTSUPPORTED,
        ]
        .map { Int32($0.rawValue) }.contains(code)
    }

    var isAccessDenied: Bool { code == Int32(PA_ERR_ACCESS.rawValue) || code == Int32(PA_ERR_AUTHKEY.rawValue) }
    var isNoSuchEntity: Bool { code == Int32(PA_ERR_NOENTITY.rawValue) }
    var isKilled: Bool { code == Int32(PA_ERR_KILLED.rawValue) }

    /// The port's error for this failure, except a missing source, which needs the list of sources.
    func captureError(server: String?) -> CaptureError {
        if isUnreachable {
            return .serverUnreachable(detail: "\(message) (\(PulseServerAddress.described(server)))")
        }
        if isAccessDenied { return .accessDenied(detail: description) }
        return .streamFailed(detail: description)
    }
}

/// Which server libpulse tries, in words for an error message.
enum PulseServerAddress {
    static func described(_ explicit: String?) -> String {
        if let explicit { return "server \(explicit)" }
        if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"], !server.isEmpty {
            return "PULSE_SERVER=\(server)"
        }
        return "the default server"
    }
}
