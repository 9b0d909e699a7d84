import Foundation
import Localization

/// Checks that a fetched file is what its name says, by its first bytes: an archive or compressed file
/// must start with its format's magic, and no file may be a web page. Download hosts answer 200 with an
/// HTML interstitial ("your download will start shortly") that would otherwise pass as `fr.dict`.
package enum DownloadContent {
    private struct Magic {
        var suffixes: [String]
        var name: String
        var offset: Int
        var bytes: [UInt8]
    }

    private static let magics = [
        Magic(suffixes: [".tar.gz", ".tgz", ".gz"], name: tr("a gzip file"), offset: 0, bytes: [0x1F, 0x8B]),
        Magic(suffixes: [".tar.bz2", ".tbz2", ".bz2"], name: tr("a bzip2 file"), offset: 0, bytes: Array("BZh".utf8)),
        Magic(
            suffixes: [".tar.xz", ".xz"], name: tr("an xz file"), offset: 0,
            bytes: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]),
        Magic(suffixes: [".zip"], name: tr("a zip archive"), offset: 0, bytes: Array("PK".utf8)),
        Magic(suffixes: [".tar"], name: tr("a tar archive"), offset: 257, bytes: Array("ustar".utf8)),
    ]

    /// Throws `webPage` or `wrongContent` unless `file` looks like the file `name` promises.
    static func check(_ file: URL, name: String) throws {
        let head = try firstBytes(of: file, count: 1024)
        let lower = name.lowercased()
        guard let magic = magics.first(where: { $0.suffixes.contains { lower.hasSuffix($0) } }) else {
            if looksLikeWebPage(head) { throw InstallFailure.webPage(file: name) }
            return
        }
        let end = magic.offset + magic.bytes.count
        guard head.count >= end, Array(head[magic.offset..<end]) == magic.bytes else {
            if looksLikeWebPage(head) { throw InstallFailure.webPage(file: name) }
            throw InstallFailure.wrongContent(file: name, expected: magic.name)
        }
    }

    /// Whether the Content-Type names a web page.
    package static func isWebPage(contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type.hasPrefix("text/html") || type.hasPrefix("application/xhtml")
    }

    /// An HTML document: `<html` or `<!doctype` among the first bytes, which no model file holds.
    static func looksLikeWebPage(_ head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        return text.contains("<html") || text.contains("<!doctype")
    }

    private static func firstBytes(of file: URL, count: Int) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return Array(try handle.read(upToCount: count) ?? Data())
    }
}
