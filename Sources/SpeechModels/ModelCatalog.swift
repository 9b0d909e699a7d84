import Foundation
import Localization
import StationCore
import StationSystem

/// The locales the station offers and where their speech models come from (`Resources/models.json`, or
/// the file given by `--catalog` / `DICTATION_STATION_CATALOG`).
public struct ModelCatalog: Codable, Sendable, Equatable {
    public var version: Int
    public var locales: [CatalogEntry]

    public init(version: Int = 1, locales: [CatalogEntry]) {
        self.version = version
        self.locales = locales
    }

    /// The entry for a locale, or nil when the catalog does not offer it.
    public func entry(for locale: String) -> CatalogEntry? { locales.first { $0.locale == locale } }

    /// The catalog that comes with the station.
    public static func builtIn() throws -> ModelCatalog {
        // Found by hand: `Bundle.module` would stop the process when the file is missing.
        guard let path = RunningProgram.shippedFile(target: "SpeechModels", "models.json") else {
            throw CatalogError.unreadable(
                path: tr("models.json (built in)"), detail: tr("missing from the installation"))
        }
        return try load(from: URL(fileURLWithPath: path))
    }

    /// Reads and checks a catalog file.
    public static func load(from url: URL) throws -> ModelCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogError.unreadable(path: url.path, detail: tr("cannot be read"))
        }
        let catalog: ModelCatalog
        do {
            catalog = try JSONDecoder().decode(ModelCatalog.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw CatalogError.invalid(path: url.path, detail: tr("missing '\(key.stringValue)' at \(context.where)"))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw CatalogError.invalid(path: url.path, detail: tr("wrong value at \(context.where)"))
        } catch {
            throw CatalogError.invalid(path: url.path, detail: tr("not valid JSON"))
        }
        try catalog.validate(path: url.path)
        return catalog
    }

    /// The catalog given by `option` (`--catalog`), else `DICTATION_STATION_CATALOG`, else the built-in one.
    public static func resolve(option: String?, environment: [String: String]) throws -> ModelCatalog {
        if let option, !option.isEmpty { return try load(from: URL(fileURLWithPath: option)) }
        if let path = environment["DICTATION_STATION_CATALOG"], !path.isEmpty {
            return try load(from: URL(fileURLWithPath: path))
        }
        return try builtIn()
    }

    /// The same catalog with every file fetched by its name from `mirror` (an intranet server or folder).
    public func mirrored(to mirror: URL) -> ModelCatalog {
        var copy = self
        for index in copy.locales.indices {
            for keyPath in CatalogEntry.partKeys {
                let name = copy.locales[index][keyPath: keyPath].fileName
                copy.locales[index][keyPath: keyPath].url = mirror.appendingPathComponent(name)
            }
        }
        return copy
    }

    private func validate(path: String) throws {
        var seen = Set<String>()
        for (index, entry) in locales.enumerated() {
            // Names reach the terminal and file names: an escape sequence in them is refused, not drawn.
            if CatalogText.hasControlCharacters(entry.locale) {
                throw CatalogError.invalid(
                    path: path,
                    detail: tr(
                        "locale \(index + 1) has control characters in its tag \(CatalogText.visible(entry.locale))")
                )
            }
            if CatalogText.hasControlCharacters(entry.displayName) {
                throw CatalogError.invalid(
                    path: path,
                    detail:
                        tr(
                            "\(entry.locale) has control characters in its display name \(CatalogText.visible(entry.displayName))"
                        )
                )
            }
            guard !entry.locale.isEmpty, !entry.locale.contains("/"), !entry.locale.hasPrefix(".") else {
                throw CatalogError.invalid(path: path, detail: tr("'\(entry.locale)' is not a locale tag"))
            }
            guard seen.insert(entry.locale).inserted else {
                throw CatalogError.invalid(path: path, detail: tr("\(entry.locale) is listed twice"))
            }
            for keyPath in CatalogEntry.partKeys {
                let part = entry[keyPath: keyPath]
                guard let scheme = part.url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else {
                    throw CatalogError.invalid(
                        path: path,
                        detail: tr("\(entry.locale): \(part.url.absoluteString) is not an http, https or file URL"))
                }
                if let inner = part.path, !ArchivePath.isSafeRelative(inner) {
                    throw CatalogError.invalid(path: path, detail: tr("\(entry.locale): unsafe path '\(inner)'"))
                }
                if let sha = part.sha256, sha.count != 64 || !sha.allSatisfy(\.isHexDigit) {
                    throw CatalogError.invalid(path: path, detail: tr("\(entry.locale): sha256 must be 64 hex digits"))
                }
            }
        }
    }
}

/// One locale of the catalog.
public struct CatalogEntry: Codable, Sendable, Equatable {
    public var locale: String
    public var displayName: String
    public var acousticModel: CatalogPart
    public var languageModel: CatalogPart
    public var dictionary: CatalogPart
    /// A model the system provides (Debian's package), used when present.
    public var system: SystemModelPaths?

    public init(
        locale: String, displayName: String, acousticModel: CatalogPart, languageModel: CatalogPart,
        dictionary: CatalogPart, system: SystemModelPaths? = nil
    ) {
        self.locale = locale
        self.displayName = displayName
        self.acousticModel = acousticModel
        self.languageModel = languageModel
        self.dictionary = dictionary
        self.system = system
    }

    static var partKeys: [WritableKeyPath<CatalogEntry, CatalogPart>] {
        [\.acousticModel, \.languageModel, \.dictionary]
    }

    /// The distinct files to download, in order; parts that name the same URL share one download.
    public var downloads: [CatalogPart] {
        var result: [CatalogPart] = []
        for keyPath in Self.partKeys {
            let part = self[keyPath: keyPath]
            if let index = result.firstIndex(where: { $0.url == part.url }) {
                result[index].size = result[index].size ?? part.size
                result[index].sha256 = result[index].sha256 ?? part.sha256
                result[index].unpackedSize = result[index].unpackedSize ?? part.unpackedSize
            } else {
                result.append(part)
            }
        }
        return result
    }

    /// The bytes to download when the catalog knows every file's size.
    public var downloadSize: Int64? {
        let sizes = downloads.map(\.size)
        guard sizes.allSatisfy({ $0 != nil }) else { return nil }
        return sizes.reduce(0) { $0 + ($1 ?? 0) }
    }

    /// The disk space the catalog declares for an install: downloads and unpacked sizes it knows.
    var declaredDiskUse: Int64 {
        downloads.reduce(0) { $0 + ($1.size ?? 0) + ($1.unpackedSize ?? 0) }
    }
}

/// Where one part of a model comes from: an archive (with the part's path inside it) or a plain file.
public struct CatalogPart: Codable, Sendable, Equatable {
    public var url: URL
    /// The part's path inside the archive; nil for a plain file.
    public var path: String?
    /// The download's size in bytes, when known: shown, and the download may not grow much past it.
    public var size: Int64?
    /// What the archive or compressed file unpacks to, when known: unpacking may not grow much past it.
    public var unpackedSize: Int64?
    public var sha256: String?

    public init(
        url: URL, path: String? = nil, size: Int64? = nil, unpackedSize: Int64? = nil, sha256: String? = nil
    ) {
        self.url = url
        self.path = path
        self.size = size
        self.unpackedSize = unpackedSize
        self.sha256 = sha256
    }

    /// The catalog's name for a file read from elsewhere (`--from`); not part of the catalog file.
    var localName: String?

    private enum CodingKeys: String, CodingKey {
        case url, path, size, unpackedSize, sha256
    }

    /// The file's name: the last path component, skipping SourceForge's trailing `/download`.
    public var fileName: String {
        if let localName { return localName }
        let last = url.lastPathComponent
        if last == "download" { return url.deletingLastPathComponent().lastPathComponent }
        return last
    }
}

/// The absolute paths of a model the system provides.
public struct SystemModelPaths: Codable, Sendable, Equatable {
    public var acousticModel: String
    public var languageModel: String
    public var dictionary: String

    public init(acousticModel: String, languageModel: String, dictionary: String) {
        self.acousticModel = acousticModel
        self.languageModel = languageModel
        self.dictionary = dictionary
    }
}

/// Text from a catalog file that will be shown: what must be refused and how to quote it.
enum CatalogText {
    /// C0 and C1 controls, DEL, line and paragraph separators and the bidirectional controls: what the
    /// screen's sanitizer (`SafeText`) would have to replace.
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                true
            default: false
            }
        }
    }

    /// The text quoted with its controls written as `\u{1B}`, so the message itself is safe to print.
    static func visible(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if hasControlCharacters(String(scalar)) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Why a catalog cannot be used.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, detail: String)
    case invalid(path: String, detail: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let detail): tr("the model catalog \(path) \(detail)")
        case .invalid(let path, let detail): tr("the model catalog \(path) is invalid: \(detail)")
        }
    }
}

extension DecodingError.Context {
    fileprivate var `where`: String {
        codingPath.isEmpty
            ? tr("the top level")
            : codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
