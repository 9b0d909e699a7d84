import Foundation

/// What a WAV file's header declares, read without changing the file.
public struct WAVInfo: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    /// The audio bytes the header declares.
    public var dataBytes: Int
    /// Where the audio starts in the file.
    public var dataOffset: Int

    public init(_ url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let start = try handle.read(upToCount: 4096) ?? Data()
        guard let header = WAVHeader.parse(Array(start)) else { throw WAVError.notWAV }
        sampleRate = header.sampleRate
        channels = header.channels
        dataBytes = header.dataBytes
        dataOffset = header.dataOffset
    }

    /// The length of the audio the header declares, in seconds.
    public var seconds: Double { Double(dataBytes) / Double(sampleRate * channels * 2) }
}

extension WAVInfo {
    /// The length of the audio a recording's file holds, counted from its size rather than its header,
    /// which a crash may have left behind the audio; nil when the file is not a readable WAV.
    public static func recordedDuration(of url: URL) -> Duration? {
        guard let info = try? WAVInfo(url),
            let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        else { return nil }
        let bytesPerSecond = info.sampleRate * info.channels * 2
        guard bytesPerSecond > 0 else { return nil }
        let audioBytes = max(0, size - info.dataOffset)
        return .milliseconds(Int64(audioBytes) * 1000 / Int64(bytesPerSecond))
    }
}
