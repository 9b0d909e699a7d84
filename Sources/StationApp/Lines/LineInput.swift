import StationSystem

/// Standard input as lines, read on a thread of its own (a blocking `read` holds no thread of Swift's
/// small pool), each line without its line break; the stream ends at the end of input.
enum LineInput {
    /// The lines of `descriptor`, as they come. `stop` ends the stream early (a terminating signal).
    static func lines(
        of descriptor: FileDescriptor = .standardInput
    ) -> (
        lines: AsyncStream<String>, stop: @Sendable () -> Void
    ) {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
        OwnThread.start {
            var pending: [UInt8] = []
            while let bytes = try? descriptor.read(upTo: 4096), !bytes.isEmpty {
                pending += bytes
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(text(of: pending[..<end]))
                    pending.removeSubrange(...end)
                }
            }
            // A last line without its line break still counts.
            if !pending.isEmpty { continuation.yield(text(of: pending[...])) }
            continuation.finish()
        }
        return (stream, { continuation.finish() })
    }

    /// The line as text, without a carriage return a terminal or a Windows file left at its end.
    private static func text(of bytes: ArraySlice<UInt8>) -> String {
        let line = String(decoding: bytes, as: UTF8.self)
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
}

/// Hands out the lines one at a time to whoever asks next: the command loop, or a question it asks
/// ("y signs"), so that an answer is read from the same input as the commands.
@MainActor
final class LineReader {
    private var iterator: AsyncStream<String>.AsyncIterator

    init(_ lines: AsyncStream<String>) { iterator = lines.makeAsyncIterator() }

    /// The next line, or nil at the end of input.
    func next() async -> String? {
        var current = iterator
        let line = await current.next(isolation: MainActor.shared)
        iterator = current
        return line
    }
}
