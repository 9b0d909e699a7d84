import Foundation
import StationSystem

/// What a WAV file's header declares, read without changing the file (and never through a link).
public struct WAVInfo: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    /// The audio bytes the header declares.
    public var dataBytes: Int
    /// Where the audio starts in the file.
    public var dataOffset: Int

    public init(_ url: URL) throws {
        let header = try Self.header(of: url).header
        sampleRate = header.sampleRate
        channels = header.channels
        dataBytes = header.dataBytes
        dataOffset = header.dataOffset
    }

    /// The header of the file at `url`, and the file's size.
    private static func header(of url: URL) throws(WAVError) -> (header: WAVHeader, size: Int64) {
        let (start, size) = try system(url.path) { () throws(Errno) in
            let descriptor = try PrivateFile.open(url.path, .readOnly)
            defer { descriptor.close() }
            return (try descriptor.read(at: 0, upTo: 4096), try descriptor.status().size)
        }
        guard let header = WAVHeader.parse(start) else { throw .notWAV }
        return (header, size)
    }

    /// The length of the audio the header declares, in seconds.
    public var seconds: Double { Double(dataBytes) / Double(sampleRate * channels * 2) }
}

extension WAVInfo {
    /// The length of the audio a recording's file holds, counted from its size rather than its header,
    /// which a crash may have left behind the audio; nil when the file is not a readable WAV.
    public static func recordedDuration(of url: URL) -> Duration? {
        guard let (header, size) = try? header(of: url) else { return nil }
        let bytesPerSecond = header.sampleRate * header.channels * 2
        guard bytesPerSecond > 0 else { return nil }
        let audioBytes = max(0, Int(size) - header.dataOffset)
        return .milliseconds(Int64(audioBytes) * 1000 / Int64(bytesPerSecond))
    }
}
