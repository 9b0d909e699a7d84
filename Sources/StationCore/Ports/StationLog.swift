/// The station's diagnostic log; never the terminal, never patient data.
public protocol StationLog: Sendable {
    func log(_ level: LogLevel, _ message: String)
}

public enum LogLevel: String, Sendable {
    case debug, info, warning, error
}

/// Logs nothing.
public struct SilentLog: StationLog {
    public init() {}
    public func log(_ level: LogLevel, _ message: String) {}
}
