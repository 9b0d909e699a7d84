import Foundation
import StationSystem

/// Fits a WAV file's header to the audio actually in it, as left by a capture that was killed between
/// two header updates; returns the header as it now is, or nil for an empty file. A link in the
/// recording's place is refused, never followed.
///
/// Only a file whose data chunk is last can be repaired, which is how every WAV writer lays it out. A
/// trailing half sample is cut off. A file whose header is already right is not written to.
@discardableResult
public func repairWAV(at url: URL) throws(WAVError) -> WAVHeader? {
    let path = url.path
    let descriptor = try system(path) { () throws(Errno) in try PrivateFile.open(path) }
    defer { descriptor.close() }
    let size = Int(try system(path) { () throws(Errno) in try descriptor.status().size })
    if size == 0 { return nil }
    let start = try system(path) { () throws(Errno) in try descriptor.read(at: 0, upTo: min(size, 4096)) }
    guard start.count == min(size, 4096), var header = WAVHeader.parse(start) else { throw .notWAV }

    let present = max(0, size - header.dataOffset)
    let whole = present - present % header.blockAlign
    let riffSize = header.dataOffset - 8 + whole
    let declaredRIFF = Int(start[4]) | Int(start[5]) << 8 | Int(start[6]) << 16 | Int(start[7]) << 24
    guard whole != header.dataBytes || riffSize != declaredRIFF || whole != present else { return header }

    try system(path) { () throws(Errno) in
        if whole != present { try descriptor.resize(to: Int64(header.dataOffset + whole)) }
        try descriptor.writeAll(le32(riffSize), at: 4)
        try descriptor.writeAll(le32(whole), at: Int64(header.dataOffset - 4))
        try descriptor.sync()
    }
    header.dataBytes = whole
    return header
}

private func le32(_ value: Int) -> [UInt8] {
    withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { Array($0) }
}

/// Runs system calls of the WAV code on the file at `path`; an `Errno` becomes `WAVError.system`, said
/// about that file.
func system<T>(_ path: String, _ call: () throws(Errno) -> T) throws(WAVError) -> T {
    do {
        return try call()
    } catch {
        throw .system(error.path == nil ? error.concerning(path) : error)
    }
}
