/// The station-wide right to capture: at most one station process on a workstation records at a time.
///
/// Within one process acquisitions are counted: the lock is given up when every acquisition has been
/// released, so one session's pause cannot free the lock another session of the same process took.
public protocol CaptureLocking: Sendable {
    /// Takes the lock for this process; returns false when another process holds it.
    func acquire() throws -> Bool
    /// Gives back one acquisition; does nothing when none is held.
    func release()
}
