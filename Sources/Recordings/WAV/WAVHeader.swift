import Foundation

/// The layout of a PCM WAV file: its sample format and where its audio starts and ends.
public struct WAVHeader: Equatable, Sendable {
    /// The size of the canonical header the station writes: RIFF, fmt and data chunk headers.
    public static let canonicalSize = 44

    public var sampleRate: Int
    public var channels: Int
    public var bitsPerSample: Int
    /// Where the audio (the data chunk's payload) starts in the file.
    public var dataOffset: Int
    /// The data chunk's size as the header declares it.
    public var dataBytes: Int

    public init(sampleRate: Int, channels: Int, bitsPerSample: Int, dataOffset: Int, dataBytes: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitsPerSample = bitsPerSample
        self.dataOffset = dataOffset
        self.dataBytes = dataBytes
    }

    /// The bytes of one sample of every channel.
    public var blockAlign: Int { channels * bitsPerSample / 8 }
    public var byteRate: Int { sampleRate * blockAlign }

    /// The station's own format: 16 kHz, mono, 16-bit, what PocketSphinx decodes.
    public static func station(dataBytes: Int = 0) -> WAVHeader {
        WAVHeader(sampleRate: 16_000, channels: 1, bitsPerSample: 16, dataOffset: canonicalSize, dataBytes: dataBytes)
    }

    /// The canonical 44-byte header declaring `dataBytes` of audio.
    public func canonicalBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.canonicalSize)
        func ascii(_ text: String) { bytes += Array(text.utf8) }
        func le32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        func le16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        ascii("RIFF")
        le32(36 + dataBytes)
        ascii("WAVE")
        ascii("fmt ")
        le32(16)
        le16(1)  // PCM
        le16(channels)
        le32(sampleRate)
        le32(byteRate)
        le16(blockAlign)
        le16(bitsPerSample)
        ascii("data")
        le32(dataBytes)
        return bytes
    }

    /// Reads the header at the start of `bytes` (the file's first few kilobytes); nil when it is not
    /// a 16-bit PCM WAV file.
    public static func parse(_ bytes: [UInt8]) -> WAVHeader? {
        func le32(_ at: Int) -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        func le16(_ at: Int) -> Int? {
            guard at + 2 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func tag(_ at: Int) -> String? {
            guard at + 4 <= bytes.count else { return nil }
            return String(decoding: bytes[at..<at + 4], as: UTF8.self)
        }
        guard tag(0) == "RIFF", tag(8) == "WAVE" else { return nil }
        var offset = 12
        var format: (channels: Int, rate: Int, bits: Int)?
        while let name = tag(offset), let size = le32(offset + 4) {
            let body = offset + 8
            if name == "fmt " {
                guard let code = le16(body), code == 1 || code == 0xFFFE, let channels = le16(body + 2),
                    let rate = le32(body + 4), let bits = le16(body + 14), bits == 16, channels > 0, rate > 0
                else { return nil }
                format = (channels, rate, bits)
            } else if name == "data" {
                guard let format else { return nil }
                return WAVHeader(
                    sampleRate: format.rate, channels: format.channels, bitsPerSample: format.bits, dataOffset: body,
                    dataBytes: size)
            }
            offset = body + size + (size & 1)
        }
        return nil
    }
}
