import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// A secret (a password) read from standard input, never from the command line, where every account
/// of the machine could read it in the process list.
public enum SecretInput {
    /// Reads one line from standard input, without its line break. On a terminal, `prompt` is written to
    /// standard error and the typed characters are not shown (echo off, and on again afterwards, also when
    /// reading fails). Nil when standard input ends before anything is read. The corresponding C
    /// functions are `tcgetattr`, `tcsetattr` and `read`.
    public static func readLine(prompt: String) throws(Errno) -> String? {
        let input = FileDescriptor.standardInput
        var saved = termios()
        let onTerminal = isatty(input.rawValue) == 1 && tcgetattr(input.rawValue, &saved) == 0
        if onTerminal {
            _ = try? FileDescriptor.standardError.writeAll(prompt)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            try valueOrErrno("turn off the echo of") { tcsetattr(input.rawValue, TCSAFLUSH, &quiet) }
        }
        defer {
            if onTerminal {
                _ = tcsetattr(input.rawValue, TCSAFLUSH, &saved)
                _ = try? FileDescriptor.standardError.writeAll("\n")
            }
        }
        var bytes: [UInt8] = []
        while true {
            let chunk = try input.read(upTo: 1)
            guard let byte = chunk.first else { break }
            if byte == 10 { return String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes[...], as: UTF8.self) }
            bytes.append(byte)
            // Not a password any more: a file given by mistake.
            if bytes.count > 4096 {
                throw Errno(code: EFBIG, action: "read a password from", path: tr("standard input"))
            }
        }
        return bytes.isEmpty ? nil : String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
