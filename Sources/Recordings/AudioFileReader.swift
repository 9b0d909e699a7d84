import CSampleRate
import CSndfile
import Foundation
import Localization
import StationSystem

/// Reads a recording as the decoder hears it: 16 kHz, mono, signed 16-bit, converted while it is read,
/// so an hour from a handheld recorder never sits in memory at once.
///
/// libsndfile opens WAV, FLAC, Ogg (Vorbis, Opus) and MP3; channels are averaged to mono and other rates
/// are converted by libsamplerate. A 16 kHz mono 16-bit file is read bit for bit.
public final class AudioFileReader {
    /// The rate every sample this reader returns has: the decoder's (StationCore's `AudioChunk.sampleRate`).
    public static let outputSampleRate = 16_000

    /// The file's own rate and channel count.
    public let sourceSampleRate: Int
    public let sourceChannels: Int
    /// The file's length as its header tells it (MP3 headers may be approximate).
    public let duration: Duration

    private let file: OpaquePointer
    private let path: String
    private let readsNatively: Bool
    private var converter: OpaquePointer?
    private var pendingInput: [Float] = []
    private var inputEnded = false
    private var finished = false

    /// Opens `url`; throws `AudioFileError` when it is missing or not a recording libsndfile reads.
    /// Why no recording can be read: `reason` is the dynamic loader's.
    private static func librariesMissing(_ reason: String) -> String {
        tr(
            "reading recordings needs libsndfile and libsamplerate (packages libsndfile1 and libsamplerate0), which could not be loaded: \(reason)"
        )
    }

    public init(url: URL) throws {
        path = url.path
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw AudioFileError(file: url.lastPathComponent, reason: tr("no such file"))
        }
        // libsndfile and libsamplerate are loaded at the first file read, not at every start of the station.
        if let reason = LazyLibrary.loadFailure(ds_sndfile_load) ?? LazyLibrary.loadFailure(ds_samplerate_load) {
            throw AudioFileError(file: url.lastPathComponent, reason: Self.librariesMissing(reason))
        }
        var info = SF_INFO()
        guard let opened = sf_open(url.path, Int32(SFM_READ), &info) else {
            let reason = String(cString: sf_strerror(nil))
            throw AudioFileError(file: url.lastPathComponent, reason: reason)
        }
        guard info.samplerate > 0, info.channels > 0 else {
            sf_close(opened)
            throw AudioFileError(file: url.lastPathComponent, reason: tr("no audio in the file"))
        }
        file = opened
        sourceSampleRate = Int(info.samplerate)
        sourceChannels = Int(info.channels)
        duration = .microseconds(Int64(info.frames) * 1_000_000 / Int64(info.samplerate))
        let isPCM16 = (info.format & Int32(SF_FORMAT_SUBMASK)) == Int32(SF_FORMAT_PCM_16)
        readsNatively = isPCM16 && info.channels == 1 && Int(info.samplerate) == Self.outputSampleRate
        if sourceSampleRate != Self.outputSampleRate {
            var error: Int32 = 0
            // The best sinc converter: still 50 times faster than decoding.
            guard let state = src_new(Int32(SRC_SINC_BEST_QUALITY), 1, &error) else {
                sf_close(opened)
                throw AudioFileError(
                    file: url.lastPathComponent,
                    reason: tr("cannot convert the sample rate: \(String(cString: src_strerror(error)))"))
            }
            converter = state
        }
    }

    deinit {
        sf_close(file)
        if let converter { src_delete(converter) }
    }

    /// The next samples, at most `maximum` of them (fewer near the end); empty once the file is read.
    public func read(maximum: Int) throws -> [Int16] {
        guard maximum > 0, !finished else { return [] }
        if readsNatively { return readNatively(maximum) }
        let mono = try readConverted(maximum)
        if mono.isEmpty { finished = true }
        var samples = [Int16](repeating: 0, count: mono.count)
        mono.withUnsafeBufferPointer { input in
            samples.withUnsafeMutableBufferPointer { output in
                src_float_to_short_array(input.baseAddress, output.baseAddress, Int32(input.count))
            }
        }
        return samples
    }

    /// Every remaining sample.
    public func readAll() throws -> [Int16] {
        var all: [Int16] = []
        while true {
            let block = try read(maximum: 1 << 16)
            if block.isEmpty { return all }
            all.append(contentsOf: block)
        }
    }

    /// Reads `url` whole; for short files and tests.
    public static func samples(of url: URL) throws -> [Int16] {
        try AudioFileReader(url: url).readAll()
    }

    private func readNatively(_ maximum: Int) -> [Int16] {
        var samples = [Int16](repeating: 0, count: maximum)
        let count = samples.withUnsafeMutableBufferPointer { sf_read_short(file, $0.baseAddress, sf_count_t(maximum)) }
        if count <= 0 { finished = true }
        return Array(samples.prefix(Int(max(0, count))))
    }

    /// Up to `maximum` mono float samples at 16 kHz.
    private func readConverted(_ maximum: Int) throws -> [Float] {
        guard let converter else {
            return readMono(frames: maximum)
        }
        let ratio = Double(Self.outputSampleRate) / Double(sourceSampleRate)
        var output = [Float](repeating: 0, count: maximum)
        var produced = 0
        while produced < maximum {
            if pendingInput.count < 4096, !inputEnded {
                let wanted = max(4096, Int(Double(maximum) / ratio) + 64)
                let more = readMono(frames: wanted)
                if more.isEmpty { inputEnded = true }
                pendingInput.append(contentsOf: more)
            }
            var data = SRC_DATA()
            let (used, generated, status) = pendingInput.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    data.data_in = input.baseAddress
                    data.input_frames = Int(input.count)
                    data.data_out = out.baseAddress! + produced
                    data.output_frames = maximum - produced
                    data.end_of_input = inputEnded ? 1 : 0
                    data.src_ratio = ratio
                    let status = src_process(converter, &data)
                    return (Int(data.input_frames_used), Int(data.output_frames_gen), status)
                }
            }
            guard status == 0 else {
                throw AudioFileError(
                    file: URL(fileURLWithPath: path).lastPathComponent,
                    reason: tr("sample rate conversion failed: \(String(cString: src_strerror(status)))"))
            }
            pendingInput.removeFirst(used)
            produced += generated
            if generated == 0 && used == 0 && inputEnded { break }
        }
        return Array(output.prefix(produced))
    }

    /// Reads up to `frames` frames and averages their channels.
    private func readMono(frames: Int) -> [Float] {
        let channels = sourceChannels
        var interleaved = [Float](repeating: 0, count: frames * channels)
        let count = Int(
            interleaved.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, sf_count_t(frames)) })
        guard count > 0 else { return [] }
        if channels == 1 { return Array(interleaved.prefix(count)) }
        var mono = [Float](repeating: 0, count: count)
        let scale = 1 / Float(channels)
        for frame in 0..<count {
            var sum: Float = 0
            for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
            mono[frame] = sum * scale
        }
        return mono
    }
}

/// A recording that cannot be read, with the reason libsndfile or libsamplerate gave.
public struct AudioFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name (not its path: paths may carry patient names into logs).
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { tr("cannot read \(file): \(reason)") }
}
