import StationSystem
import Synchronization

/// The control socket's one `poll(2)` loop: accepts while fewer than `maximumClients` are served, reads
/// each client's line as it comes, cuts off a client whose time is up, and hands each line to the
/// server. It owns its client descriptors; nothing else touches them until a line is handed on.
struct ControlLoop: Sendable {
    /// The descriptors the server and the loop share: the listener, and a pipe whose write end wakes the
    /// loop (a slot came free, or the server stops).
    final class Wiring: Sendable {
        let listener: FileDescriptor
        let wakeRead: FileDescriptor
        let wakeWrite: FileDescriptor
        let stopped = Mutex(false)

        init(listener: FileDescriptor, wakeRead: FileDescriptor, wakeWrite: FileDescriptor) {
            self.listener = listener
            self.wakeRead = wakeRead
            self.wakeWrite = wakeWrite
        }

        func wake() { try? wakeWrite.writeAll([1]) }

        // Closed when neither the loop nor an answer still in flight can wake through it.
        deinit {
            wakeRead.close()
            wakeWrite.close()
        }
    }

    /// A client still sending its line.
    private struct Reader {
        var fd: FileDescriptor
        var deadline: ContinuousClock.Instant
        var bytes: [UInt8] = []
    }

    static let lineLimit = 4096

    let wiring: Wiring
    let server: ControlServer

    func run() {
        let clock = ContinuousClock()
        var readers: [Reader] = []
        defer {
            for reader in readers { reader.fd.close() }
            wiring.listener.close()
        }
        while !wiring.stopped.withLock({ $0 }) {
            let accepting = readers.count + server.answering.withLock { $0 } < ControlServer.maximumClients
            let watched = [wiring.wakeRead] + (accepting ? [wiring.listener] : []) + readers.map(\.fd)
            let nearest = readers.map(\.deadline).min().map { max(.zero, $0 - clock.now) }
            let ready = UnixSocket.poll(watched, timeout: nearest)
            if ready[0] { _ = try? wiring.wakeRead.read(upTo: 64) }
            var kept: [Reader] = []
            for (reader, isReady) in zip(readers, ready.dropFirst(accepting ? 2 : 1)) {
                var reader = reader
                if isReady, let line = take(from: &reader) {
                    if let line { server.answer(line, to: reader.fd, wiring: wiring) } else { reader.fd.close() }
                } else if clock.now >= reader.deadline {
                    reader.fd.close()
                } else {
                    kept.append(reader)
                }
            }
            readers = kept
            if accepting, ready[1], let client = UnixSocket.accept(wiring.listener), server.admits(client) {
                let seconds = Duration.milliseconds(Int64(ControlServer.clientSeconds * 1000))
                readers.append(Reader(fd: client, deadline: clock.now + seconds))
            }
        }
    }

    /// Reads what the client sent. Nil while its line is still coming; `.some(nil)` when it left without
    /// one; the line once a line break, the end or `lineLimit` bytes came.
    private func take(from reader: inout Reader) -> String?? {
        let wanted = min(512, Self.lineLimit - reader.bytes.count)
        guard let chunk = try? reader.fd.read(upTo: wanted), !chunk.isEmpty else {
            return .some(reader.bytes.isEmpty ? nil : String(decoding: reader.bytes, as: UTF8.self))
        }
        if let newline = chunk.firstIndex(of: 10) {
            return .some(String(decoding: reader.bytes + chunk[..<newline], as: UTF8.self))
        }
        reader.bytes += chunk
        return reader.bytes.count >= Self.lineLimit ? .some(String(decoding: reader.bytes, as: UTF8.self)) : nil
    }
}
