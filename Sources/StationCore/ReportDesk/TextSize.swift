import Localization

/// A size in bytes as a person reads it: "812 bytes", "257 KB", "20.0 MB" (1 KB = 1024 bytes).
///
/// Rounded up, so a text over a limit never reads as the limit itself.
enum TextSize {
    static func said(_ bytes: Int) -> String {
        let kilobyte = 1024
        let megabyte = 1024 * kilobyte
        if bytes < kilobyte { return tr(bytes, one: "\(bytes) byte", other: "\(bytes) bytes") }
        if bytes < megabyte { return tr("\((bytes + kilobyte - 1) / kilobyte) KB") }
        let tenths = (bytes * 10 + megabyte - 1) / megabyte
        // TRANSLATORS: a size in megabytes with one decimal: {0} the whole part, {1} the tenths ("20.0 MB").
        return tr("\(tenths / 10).\(tenths % 10) MB")
    }
}
