/// Tells whether another station process changed the stored reports, so a screen can reload them.
public protocol ReportStoreObserving: Sendable {
    /// Whether another process committed a change since the previous call (the first call compares
    /// with the moment the store was opened). Changes made through this store itself do not count.
    func hasChangedElsewhere() async throws -> Bool
}
