/// Formats a recording's elapsed time as a person reads it on a timer.
public enum ElapsedTimeFormat {
    /// `mm:ss` below an hour, `h:mm:ss` from an hour on; fractions of a second are dropped, never rounded up.
    public static func string(for duration: Duration) -> String {
        let total = max(0, duration.components.seconds)
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let seconds = total % 60
        if hours > 0 {
            return "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))"
        }
        return "\(twoDigits(minutes)):\(twoDigits(seconds))"
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
