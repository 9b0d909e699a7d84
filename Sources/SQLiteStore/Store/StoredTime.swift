import Foundation

/// Times are stored as whole microseconds: dates since 1970, durations as lengths.
enum StoredTime {
    static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    static func date(_ microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000
    }

    static func duration(_ microseconds: Int64) -> Duration { .microseconds(microseconds) }
}
