import Foundation
import Localization
import StationCore

/// The phones a model's words may be made of: the context-independent phones of its `mdef`, without
/// silence and the noise fillers (`+NSN+`…), which no word is spelled with.
public struct ModelPhones: Sendable, Equatable {
    public let phones: Set<String>

    public init(phones: Set<String>) { self.phones = phones }

    /// The phones of `model`'s acoustic model, read from its `mdef`: binary (Debian's en-US, written by
    /// sphinxbase's `bin_mdef_write`) or text (`0.3` on its first line).
    public init(model: SpeechModel) throws(VocabularyError) {
        let url = model.acousticModel.appendingPathComponent("mdef")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .modelUnreadable(locale: model.locale, detail: tr("its mdef cannot be read"))
        }
        let names = Self.binaryNames(data) ?? Self.textNames(data)
        let words = Set(names.filter { !$0.hasPrefix("+") && $0 != "SIL" && !$0.isEmpty })
        guard !words.isEmpty else {
            throw .modelUnreadable(locale: model.locale, detail: tr("its mdef lists no phones"))
        }
        phones = words
    }

    /// The phone names in a binary mdef: magic `BMDF`, version, the length of a text description and
    /// the description, ten counts (the first is the number of phones), then each phone's name
    /// ending in NUL. Nil when `data` is not one in this machine's byte order.
    static func binaryNames(_ data: Data) -> [String]? {
        let bytes = [UInt8](data)
        func int32(at offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return Int(
                Int32(
                    bitPattern: UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
                        | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24))
        }
        guard bytes.count > 12, bytes[0..<4] == [0x42, 0x4D, 0x44, 0x46][...],  // "BMDF" little-endian
            let describedLength = int32(at: 8), describedLength >= 0, describedLength < bytes.count,
            let count = int32(at: 12 + describedLength), count > 0, count < 1_000
        else { return nil }
        var offset = 12 + describedLength + 10 * 4
        var names: [String] = []
        for _ in 0..<count {
            guard let end = bytes[min(offset, bytes.count)...].firstIndex(of: 0) else { return nil }
            names.append(String(decoding: bytes[offset..<end], as: UTF8.self))
            offset = end + 1
        }
        return names
    }

    /// The base phones of a text mdef: the rows whose left, right and position columns are `-`.
    static func textNames(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let columns = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard columns.count >= 4, !line.hasPrefix("#"), columns[1] == "-", columns[2] == "-", columns[3] == "-"
            else { return nil }
            return String(columns[0])
        }
    }
}
