import CSQLite3
import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// Waits as long as it takes for another process's lock on the database while it opens (a migration, the
/// switch to WAL), saying once, after `announceAfter`, what it waits for: a station started while
/// another process holds a write transaction goes on by itself once that is done, instead of failing.
struct LockWait {
    /// How long each try waits inside libsqlite3 before the next one (and the chance to announce).
    static let tryMilliseconds: Int32 = 250
    /// When a wait is long enough to be worth a word.
    var announceAfter: Duration = .seconds(2)
    var announce: (@Sendable (String) -> Void)?

    /// What the person is told; the path only, nothing from the database.
    static func message(path: String) -> String {
        tr("Waiting for another process using the database \(path)… (this goes on by itself once it is done)")
    }

    /// Runs `step` until it succeeds or fails for another reason than a lock held elsewhere (SQLITE_BUSY).
    func run<T>(path: String, _ step: () throws -> T) throws -> T {
        let clock = ContinuousClock()
        let start = clock.now
        var announced = false
        while true {
            do {
                return try step()
            } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY {
                if !announced, clock.now - start >= announceAfter {
                    announced = true
                    announce?(Self.message(path: path))
                }
                // Some lock answers come at once, without libsqlite3's busy wait: never spin on them.
                usleep(10_000)
            }
        }
    }
}
