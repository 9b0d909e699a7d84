import Foundation
import Localization

extension CatalogEntry {
    /// The same entry fetched from files at hand (a USB stick in a clinic without internet): each of its
    /// downloads is matched by its file name to one of `files`, or found by that name inside a folder
    /// among them; an entry made of one file also takes one file of another name. Checksums still apply.
    public func fromLocalFiles(_ files: [URL]) throws -> CatalogEntry {
        let manager = FileManager.default
        var plain: [URL] = []
        var folders: [URL] = []
        for file in files {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: file.path, isDirectory: &isFolder) else {
                throw LocalFilesError.missing(path: file.path)
            }
            if isFolder.boolValue { folders.append(file) } else { plain.append(file) }
        }
        let needed = downloads.map(\.fileName)
        var chosen: [String: URL] = [:]
        var unused = plain
        for name in needed {
            if let index = unused.firstIndex(where: { $0.lastPathComponent == name }) {
                chosen[name] = unused.remove(at: index)
            } else if let folder = folders.first(where: {
                manager.fileExists(atPath: $0.appendingPathComponent(name).path)
            }) {
                chosen[name] = folder.appendingPathComponent(name)
            }
        }
        if needed.count == 1, chosen.isEmpty, unused.count == 1, folders.isEmpty {
            chosen[needed[0]] = unused.removeFirst()
        }
        if let stray = unused.first {
            throw LocalFilesError.notNeeded(path: stray.path, locale: locale, needed: needed)
        }
        let missing = needed.filter { chosen[$0] == nil }
        guard missing.isEmpty else { throw LocalFilesError.notGiven(locale: locale, names: missing) }
        var copy = self
        for keyPath in Self.partKeys {
            let original = copy[keyPath: keyPath]
            guard let file = chosen[original.fileName] else { continue }
            // Keep the catalog's name (it says how to unpack) while reading the local file.
            copy[keyPath: keyPath].url = file
            copy[keyPath: keyPath].localName = original.fileName
        }
        return copy
    }
}

/// Why `--from` cannot be used as given.
public enum LocalFilesError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(path: String)
    case notNeeded(path: String, locale: String, needed: [String])
    case notGiven(locale: String, names: [String])

    public var description: String {
        switch self {
        case .missing(let path): tr("\(path) does not exist")
        case .notNeeded(let path, let locale, let needed):
            tr("\(path) is not one of the files the \(locale) model needs (\(needed.joined(separator: ", ")))")
        case .notGiven(let locale, let names):
            tr("the \(locale) model also needs \(names.joined(separator: ", ")); give it after --from too")
        }
    }
}
