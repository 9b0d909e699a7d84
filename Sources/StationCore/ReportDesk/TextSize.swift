/// A size in bytes as a person reads it: "812 bytes", "257 KB", "20.0 MB" (1 KB = 1024 bytes).
///
/// Rounded up, so a text over a limit never reads as the limit itself.
enum TextSize {
    static func said(_ bytes: Int) -> String {
        let kilobyte = 1024
        let megabyte = 1024 * kilobyte
        if bytes < kilobyte { return "\(bytes) bytes" }
        if bytes < megabyte { return "\((bytes + kilobyte - 1) / kilobyte) KB" }
        let tenths = (bytes * 10 + megabyte - 1) / megabyte
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
