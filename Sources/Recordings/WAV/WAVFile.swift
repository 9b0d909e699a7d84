import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A station WAV file (16 kHz, mono, 16-bit) written as the audio arrives, never held in memory.
///
/// Every append goes straight to the file with `write(2)`, so a killed process loses nothing that was
/// appended; the header's sizes are rewritten on `updateHeader()` and `close()`, and `repairWAV(at:)`
/// fits them to the data after a crash.
public final class WAVFile {
    public let url: URL
    private var descriptor: Int32
    /// The audio bytes in the file.
    public private(set) var dataBytes: Int

    private init(url: URL, descriptor: Int32, dataBytes: Int) {
        self.url = url
        self.descriptor = descriptor
        self.dataBytes = dataBytes
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Creates a new, empty file (0600); fails when the file exists, so no recording is overwritten.
    public static func create(at url: URL) throws(WAVError) -> WAVFile {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(operation: "creating the audio file", errno: errno) }
        let file = WAVFile(url: url, descriptor: descriptor, dataBytes: 0)
        try file.updateHeader()
        try file.seekToEnd()
        return file
    }

    /// Puts the write position after the last byte (the header is written with pwrite, not moving it).
    private func seekToEnd() throws(WAVError) {
        guard lseek(descriptor, 0, SEEK_END) >= 0 else {
            throw .system(operation: "seeking in the audio file", errno: errno)
        }
    }

    /// Opens a file left by an earlier capture to continue it: repairs its header first, and creates
    /// the file when it does not exist or is empty.
    public static func openForAppending(at url: URL) throws(WAVError) -> WAVFile {
        guard FileManager.default.fileExists(atPath: url.path) else { return try create(at: url) }
        let header = try repairWAV(at: url)
        guard let header else {
            // An empty file: a capture that died before writing anything.
            let descriptor = open(url.path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { throw .system(operation: "opening the audio file", errno: errno) }
            let file = WAVFile(url: url, descriptor: descriptor, dataBytes: 0)
            try file.updateHeader()
            try file.seekToEnd()
            return file
        }
        guard header.sampleRate == 16_000, header.channels == 1, header.dataOffset == WAVHeader.canonicalSize else {
            throw .otherFormat
        }
        let descriptor = open(url.path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(operation: "opening the audio file", errno: errno) }
        fchmod(descriptor, 0o600)
        guard lseek(descriptor, 0, SEEK_END) >= 0 else {
            Glibc.close(descriptor)
            throw .system(operation: "seeking in the audio file", errno: errno)
        }
        return WAVFile(url: url, descriptor: descriptor, dataBytes: header.dataBytes)
    }

    /// Appends samples at the end of the file.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(WAVError) {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw .system(operation: "writing audio", errno: errno)
            }
            written += result
        }
        dataBytes += written
    }

    /// Appends samples at the end of the file.
    public func append(samples: [Int16]) throws(WAVError) {
        let failure = samples.withUnsafeBytes { buffer -> WAVError? in
            do throws(WAVError) { try append(buffer) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Appends `count` bytes of silence, for a hole the server reported in the stream.
    public func appendSilence(bytes count: Int) throws(WAVError) {
        let zeros = [UInt8](repeating: 0, count: count)
        let failure = zeros.withUnsafeBytes { buffer -> WAVError? in
            do throws(WAVError) { try append(buffer) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Cuts the audio back to its first `count` bytes.
    public func truncate(toDataBytes count: Int) throws(WAVError) {
        guard count < dataBytes else { return }
        guard ftruncate(descriptor, off_t(WAVHeader.canonicalSize + count)) == 0,
            lseek(descriptor, 0, SEEK_END) >= 0
        else { throw .system(operation: "trimming the audio file", errno: errno) }
        dataBytes = count
    }

    /// Rewrites the header so the file is valid as it is now.
    public func updateHeader() throws(WAVError) {
        let header = WAVHeader.station(dataBytes: dataBytes).canonicalBytes()
        let result = header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard result == header.count else { throw .system(operation: "writing the WAV header", errno: errno) }
    }

    /// Finishes the header and closes the file.
    public func close() throws(WAVError) {
        guard descriptor >= 0 else { return }
        defer {
            Glibc.close(descriptor)
            descriptor = -1
        }
        try updateHeader()
        guard fsync(descriptor) == 0 else { throw .system(operation: "syncing the audio file", errno: errno) }
    }
}
