/// A short message in the notification strip.
public struct StationNotification: Sendable, Equatable, Identifiable {
    public enum Kind: String, Sendable, CaseIterable {
        case info, warning, error
    }

    public var id: Int
    public var kind: Kind
    public var message: String
    /// When it was posted, on the station's monotonic clock.
    public var posted: Duration

    public init(id: Int, kind: Kind, message: String, posted: Duration) {
        self.id = id
        self.kind = kind
        self.message = message
        self.posted = posted
    }
}
