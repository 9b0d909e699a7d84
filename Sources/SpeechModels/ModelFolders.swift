import Foundation
import Localization
import StationCore
import StationSystem

/// The models folder: one folder per installed locale, temporary work folders beside them, and the
/// renames that put a new model in place without ever leaving a locale without a working one.
struct ModelFolders: Sendable {
    var root: URL

    private static let workPrefix = ".partial-"
    private static let oldPrefix = ".old-"
    private static let removingPrefix = ".removing-"

    /// The folder of a locale's installed model.
    func folder(for locale: String) -> URL { root.appendingPathComponent(locale, isDirectory: true) }

    /// A new private work folder named after this process, so a later run can tell an abandoned one.
    func makeWorkFolder() throws -> URL {
        try PrivateDirectory.make(root.path, creatingParents: true)
        let work = root.appendingPathComponent(
            "\(Self.workPrefix)\(Processes.current)-\(UUID().uuidString)", isDirectory: true)
        try PrivateDirectory.make(work.path)
        return work
    }

    /// Renames `staged` to the locale's folder; an existing model is renamed aside first and deleted
    /// only once the new one is in place (and renamed back if that fails).
    func putInPlace(_ staged: URL, locale: String) throws {
        let target = folder(for: locale)
        let files = FileManager.default
        guard files.fileExists(atPath: target.path) else {
            try rename(staged, to: target)
            return
        }
        let aside = root.appendingPathComponent("\(Self.oldPrefix)\(locale)-\(UUID().uuidString)", isDirectory: true)
        try rename(target, to: aside)
        do {
            try rename(staged, to: target)
        } catch {
            try? rename(aside, to: target)
            throw error
        }
        try? files.removeItem(at: aside)
    }

    /// Removes an installed model: renamed away first, so it is gone at once even if deleting takes time.
    func remove(locale: String) throws {
        let aside = root.appendingPathComponent("\(Self.removingPrefix)\(UUID().uuidString)", isDirectory: true)
        try rename(folder(for: locale), to: aside)
        try FileManager.default.removeItem(at: aside)
    }

    /// Deletes work folders of processes that are gone and puts back a model whose replacement was cut
    /// short (its folder missing, the old one still aside).
    func cleanUpAbandoned() {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: root.path) else { return }
        for name in names where name.hasPrefix(Self.workPrefix) {
            let pidText = name.dropFirst(Self.workPrefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pidText), !Processes.exists(pid) else { continue }
            try? files.removeItem(at: root.appendingPathComponent(name))
        }
        for name in names where name.hasPrefix(Self.removingPrefix) {
            try? files.removeItem(at: root.appendingPathComponent(name))
        }
        for name in names where name.hasPrefix(Self.oldPrefix) {
            // ".old-<locale>-<UUID>": a UUID string is 36 characters.
            let rest = name.dropFirst(Self.oldPrefix.count)
            guard rest.count > 37 else { continue }
            let locale = String(rest.dropLast(37))
            let aside = root.appendingPathComponent(name, isDirectory: true)
            if files.fileExists(atPath: folder(for: locale).path) {
                try? files.removeItem(at: aside)
            } else {
                try? rename(aside, to: folder(for: locale))
            }
        }
    }

    private func rename(_ source: URL, to destination: URL) throws {
        do {
            try valueOrErrno("move", path: source.path) { Foundation.rename(source.path, destination.path) }
        } catch {
            throw InstallFailure.unexpected(
                tr("cannot move \(source.lastPathComponent) to \(destination.lastPathComponent): \(error.reason)"))
        }
    }
}
