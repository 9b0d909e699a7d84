import Foundation
import StationTestSupport

/// Reading WAV audio and finding played audio in a capture: a null sink at 16 kHz mono passes the
/// samples through unchanged, so what was played is found sample for sample.
enum AudioMatching {
    /// The samples of a 16-bit mono WAV file with a 44-byte header.
    static func samples(of url: URL) throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count >= 44 else { return [] }
        let body = Array(bytes[44...])
        return body.withUnsafeBytes { raw in
            (0..<(raw.count / 2)).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }

    /// Where `needle` first occurs in `haystack`, at or after `from`.
    static func locate(_ needle: ArraySlice<Int16>, in haystack: [Int16], from: Int = 0) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = from
        while index + needle.count <= haystack.count {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// How many samples from `start` in `a` and `b` agree before the first difference.
    static func agreement(_ a: [Int16], from aStart: Int, _ b: [Int16], from bStart: Int) -> Int {
        var count = 0
        while aStart + count < a.count, bStart + count < b.count, a[aStart + count] == b[bStart + count] { count += 1 }
        return count
    }
}
