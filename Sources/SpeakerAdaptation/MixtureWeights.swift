import Foundation
import Localization
import StationSystem

/// Rebuilds a model's `mixture_weights` (Sphinx-3 float file, which bw and map_adapt read) from its
/// `sendump` (PocketSphinx's 8-bit quantized weights), as Debian's en-US model ships only the latter.
///
/// A sendump byte `v` holds `-log₁.₀₀₀₁(p) >> 10`, so `p = 1.0001^-(v << 10)`; written back with
/// `mk_s2sendump -mwfloor 1e-7`, the weights give the very same bytes (checked on Debian's model).
public enum MixtureWeights {
    /// The shape of a sendump: senones, feature streams, codewords per stream.
    public struct Shape: Equatable, Sendable {
        public var senones: Int
        public var features: Int
        public var codewords: Int
    }

    /// Reads `sendump` and writes `mixture_weights`.
    public static func rebuild(fromSendump sendump: URL, to output: URL) throws {
        let data = try Data(contentsOf: sendump)
        let (shape, start) = try header(of: data)
        let expected = shape.features * shape.codewords * shape.senones
        guard data.count - start == expected else {
            throw AdaptationError.modelNotAdaptable(
                tr("its sendump holds \(data.count - start) weights, not \(expected)"))
        }
        // Each byte value maps to one probability; a table avoids 2 million pow calls.
        let table = (0..<256).map { Float(pow(1.0001, -Double($0 << 10))) }
        var floats = [Float](repeating: 0, count: expected)
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            // The sendump is [feature][codeword][senone]; mixture_weights is [senone][feature][codeword].
            for feature in 0..<shape.features {
                for codeword in 0..<shape.codewords {
                    let row = start + (feature * shape.codewords + codeword) * shape.senones
                    for senone in 0..<shape.senones {
                        let index = (senone * shape.features + feature) * shape.codewords + codeword
                        floats[index] = table[Int(bytes[row + senone])]
                    }
                }
            }
        }
        var file = Data("s3\nversion 1.0\nendhdr\n".utf8)
        append(UInt32(0x1122_3344), to: &file)
        for value in [shape.senones, shape.features, shape.codewords, expected] { append(UInt32(value), to: &file) }
        floats.withUnsafeBufferPointer { file.append(UnsafeBufferPointer(start: $0.baseAddress, count: $0.count)) }
        try PrivateFile.write(Array(file), toNew: output.path)
    }

    /// The sendump's shape and where its weights start: a title, header strings up to an empty one
    /// (each an int32 length and its bytes), then the number of codewords and of senones.
    static func header(of data: Data) throws -> (Shape, Int) {
        var offset = 0
        func int32() throws -> Int {
            guard offset + 4 <= data.count else {
                throw AdaptationError.modelNotAdaptable(tr("its sendump is cut short"))
            }
            let value = data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
            offset += 4
            return Int(Int32(littleEndian: value))
        }
        var features = 1
        var clusters = 0
        while true {
            let length = try int32()
            if length == 0 { break }
            guard length > 0, offset + length <= data.count else {
                throw AdaptationError.modelNotAdaptable(tr("its sendump header is unreadable"))
            }
            let text = String(decoding: data[offset..<offset + length], as: UTF8.self)
            offset += length
            let parts = text.split(separator: " ")
            if parts.count >= 2, let number = Int(parts[1].trimmingCharacters(in: .controlCharacters)) {
                if parts[0] == "feature_count" { features = number }
                if parts[0] == "cluster_count" { clusters = number }
            }
        }
        guard clusters == 0 else { throw AdaptationError.modelNotAdaptable(tr("its sendump is clustered")) }
        let codewords = try int32()
        let senones = try int32()
        guard features > 0, codewords > 0, senones > 0 else {
            throw AdaptationError.modelNotAdaptable(tr("its sendump has no weights"))
        }
        return (Shape(senones: senones, features: features, codewords: codewords), offset)
    }

    private static func append(_ value: UInt32, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
