import Foundation

/// Names a file the station derives from a model's file (a language model or dictionary copy): the
/// same source file, unchanged, with the same inputs finds its copy again; a changed one gets a new name.
struct CacheKey {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Starts from the source file's path, size and modification time.
    init(source: URL) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: source.path)
        let size = (attributes?[.size] as? Int) ?? 0
        let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        mix(source.path)
        mix("\(size) \(time)")
    }

    /// Adds `text` (FNV-1a, with a separator after it, so that "ab","c" and "a","bc" differ).
    mutating func mix(_ text: String) {
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        hash ^= 0xff
        hash = hash &* 0x100_0000_01b3
    }

    var name: String { String(hash, radix: 16) }
}

extension CacheKey {
    /// Earlier copies of `locale`'s file ending in `suffix`: a decoder that loaded one keeps what it
    /// needs of it, so it can go.
    static func removeOthers(of locale: String, suffix: String, keeping kept: URL, in cache: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        for name in names where name.hasPrefix("\(locale)-") && name.hasSuffix(suffix) {
            let url = cache.appendingPathComponent(name)
            if url.lastPathComponent != kept.lastPathComponent { try? FileManager.default.removeItem(at: url) }
        }
    }
}
