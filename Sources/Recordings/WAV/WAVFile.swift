import Foundation
import StationSystem

/// A station WAV file (16 kHz, mono, 16-bit) written as the audio arrives, never held in memory.
///
/// Every append goes straight to the file with `write(2)`, so a killed process loses nothing that was
/// appended; the header's sizes are rewritten on `updateHeader()` and `close()`, and `repairWAV(at:)`
/// fits them to the data after a crash. The file is a private file (0600), opened never through a link.
public final class WAVFile {
    public let url: URL
    private var descriptor: FileDescriptor?
    /// The audio bytes in the file.
    public private(set) var dataBytes: Int

    private init(url: URL, descriptor: FileDescriptor, dataBytes: Int) {
        self.url = url
        self.descriptor = descriptor
        self.dataBytes = dataBytes
    }

    deinit { descriptor?.close() }

    /// Creates a new, empty file (0600); fails when the file exists, so no recording is overwritten.
    public static func create(at url: URL) throws(WAVError) -> WAVFile {
        let descriptor = try system(url.path) { () throws(Errno) in
            try PrivateFile.open(url.path, creating: .exclusively)
        }
        let file = WAVFile(url: url, descriptor: descriptor, dataBytes: 0)
        try file.updateHeader()
        try file.seekToEnd()
        return file
    }

    /// Opens a file left by an earlier capture to continue it: repairs its header first, and creates
    /// the file when it does not exist or is empty. A link in the recording's place is refused.
    public static func openForAppending(at url: URL) throws(WAVError) -> WAVFile {
        let present = try system(url.path) { () throws(Errno) in try FileStatus.ofEntry(at: url.path) }
        guard present != nil else { return try create(at: url) }
        // nil: an empty file, from a capture that died before writing anything.
        let header = try repairWAV(at: url)
        if let header {
            guard header.sampleRate == 16_000, header.channels == 1, header.dataOffset == WAVHeader.canonicalSize
            else { throw .otherFormat }
        }
        let descriptor = try system(url.path) { () throws(Errno) in try PrivateFile.openTightened(url.path) }
        let file = WAVFile(url: url, descriptor: descriptor, dataBytes: header?.dataBytes ?? 0)
        if header == nil { try file.updateHeader() }
        try file.seekToEnd()
        return file
    }

    /// Puts the write position after the last byte (the header is written with pwrite, not moving it).
    private func seekToEnd() throws(WAVError) {
        try onFile { (descriptor) throws(Errno) in try descriptor.seekToEnd() }
    }

    /// Appends samples at the end of the file.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(WAVError) {
        try onFile { (descriptor) throws(Errno) in try descriptor.writeAll(bytes) }
        dataBytes += bytes.count
    }

    /// Appends samples at the end of the file.
    public func append(samples: [Int16]) throws(WAVError) {
        let bytes = samples.withUnsafeBytes { Array($0) }
        try onFile { (descriptor) throws(Errno) in try descriptor.writeAll(bytes) }
        dataBytes += bytes.count
    }

    /// Appends `count` bytes of silence, for a hole the server reported in the stream.
    public func appendSilence(bytes count: Int) throws(WAVError) {
        try onFile { (descriptor) throws(Errno) in try descriptor.writeAll([UInt8](repeating: 0, count: count)) }
        dataBytes += count
    }

    /// Cuts the audio back to its first `count` bytes.
    public func truncate(toDataBytes count: Int) throws(WAVError) {
        guard count < dataBytes else { return }
        try onFile { (descriptor) throws(Errno) in
            try descriptor.resize(to: Int64(WAVHeader.canonicalSize + count))
            try descriptor.seekToEnd()
        }
        dataBytes = count
    }

    /// Rewrites the header so the file is valid as it is now.
    public func updateHeader() throws(WAVError) {
        let header = WAVHeader.station(dataBytes: dataBytes).canonicalBytes()
        try onFile { (descriptor) throws(Errno) in try descriptor.writeAll(header, at: 0) }
    }

    /// Finishes the header and closes the file.
    public func close() throws(WAVError) {
        guard let descriptor else { return }
        defer {
            descriptor.close()
            self.descriptor = nil
        }
        try updateHeader()
        try onFile { (descriptor) throws(Errno) in try descriptor.sync() }
    }

    /// Runs `call` on the open file; its failure is said about this recording.
    private func onFile(_ call: (FileDescriptor) throws(Errno) -> Void) throws(WAVError) {
        guard let descriptor else { throw .system(Errno(code: EBADF, action: "write to", path: url.path)) }
        try system(url.path) { () throws(Errno) in try call(descriptor) }
    }
}
