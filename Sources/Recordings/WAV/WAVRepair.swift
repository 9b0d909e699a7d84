import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fits a WAV file's header to the audio actually in it, as left by a capture that was killed between
/// two header updates; returns the header as it now is, or nil for an empty file.
///
/// Only a file whose data chunk is last can be repaired, which is how every WAV writer lays it out. A
/// trailing half sample is cut off. A file whose header is already right is not written to.
@discardableResult
public func repairWAV(at url: URL) throws(WAVError) -> WAVHeader? {
    let descriptor = open(url.path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { throw .system(operation: "opening the audio file", errno: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system(operation: "reading the audio file", errno: errno) }
    let size = Int(status.st_size)
    if size == 0 { return nil }
    var start = [UInt8](repeating: 0, count: min(size, 4096))
    let read = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard read == start.count, var header = WAVHeader.parse(start) else { throw .notWAV }

    let present = max(0, size - header.dataOffset)
    let whole = present - present % header.blockAlign
    let riffSize = header.dataOffset - 8 + whole
    let declaredRIFF = Int(start[4]) | Int(start[5]) << 8 | Int(start[6]) << 16 | Int(start[7]) << 24
    guard whole != header.dataBytes || riffSize != declaredRIFF || whole != present else { return header }

    if whole != present, ftruncate(descriptor, off_t(header.dataOffset + whole)) != 0 {
        throw .system(operation: "trimming the audio file", errno: errno)
    }
    try writeLE32(riffSize, at: 4, to: descriptor)
    try writeLE32(whole, at: header.dataOffset - 4, to: descriptor)
    guard fsync(descriptor) == 0 else { throw .system(operation: "syncing the audio file", errno: errno) }
    header.dataBytes = whole
    return header
}

private func writeLE32(_ value: Int, at offset: Int, to descriptor: Int32) throws(WAVError) {
    let written = withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) {
        pwrite(descriptor, $0.baseAddress, 4, off_t(offset))
    }
    guard written == 4 else { throw .system(operation: "repairing the WAV header", errno: errno) }
}
