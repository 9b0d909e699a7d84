import Foundation
import StationCore
import StationSystem

/// The authors' voice profiles under `<data>/profiles/<author>/<locale>/` (folders 0700, files 0600):
/// `profile.json` and `model/`, the acoustic model to decode that author with. The `VoiceProfileStore`
/// of one data directory; its folder also holds the workstation's training queue (`TrainingQueue`).
///
/// A profile is only ever looked up by its own author's name; any doubt (no profile, an unreadable
/// record, a base model that changed since training) gives the stock model.
public struct SpeakerProfiles: VoiceProfileStore {
    public var directory: URL

    public init(directory: URL) { self.directory = directory }

    public init(paths: StationPaths) { self.init(directory: paths.profilesDirectory) }

    /// `name` if it can name a profile folder: not empty, no path separators, no leading dot, no
    /// control characters, at most 64 characters.
    public static func checkedAuthor(_ name: String) throws(AdaptationError) -> String {
        guard !name.isEmpty, name.count <= 64, !name.hasPrefix("."), !name.contains("/"),
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .invalidAuthor(name) }
        return name
    }

    func authorFolder(_ author: String) -> URL { directory.appendingPathComponent(author, isDirectory: true) }

    func folder(author: String, locale: String) -> URL {
        authorFolder(author).appendingPathComponent(locale, isDirectory: true)
    }

    /// The record of `author`'s profile for `locale`, if there is a readable one.
    public func record(author: String, locale: String) -> ProfileRecord? {
        guard let author = try? Self.checkedAuthor(author) else { return nil }
        let url = folder(author: author, locale: locale).appendingPathComponent(ProfileRecord.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let record = try? decoder.decode(ProfileRecord.self, from: data), record.author == author,
            record.locale == locale
        else { return nil }
        return record
    }

    /// Every readable profile, by author then locale.
    public func all() -> [ProfileRecord] {
        let files = FileManager.default
        let authors = ((try? files.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
        return authors.sorted().flatMap { author in
            let locales = (try? files.contentsOfDirectory(atPath: authorFolder(author).path)) ?? []
            return locales.filter { !$0.hasPrefix(".") }.sorted().compactMap { record(author: author, locale: $0) }
        }
    }

    /// The folder of `author`'s profile model in `locale`, when it is there.
    public func modelFolder(author: String, locale: String) -> URL? {
        guard let author = try? Self.checkedAuthor(author) else { return nil }
        let model = folder(author: author, locale: locale).appendingPathComponent("model", isDirectory: true)
        guard FileManager.default.fileExists(atPath: model.appendingPathComponent("mdef").path) else { return nil }
        return model
    }

    /// Removes `author`'s profiles (every locale); false when there was none. A link in place of the
    /// profiles folder is refused: what it points to is not the station's to delete.
    @discardableResult
    public func reset(author: String) throws -> Bool {
        let folder = authorFolder(try Self.checkedAuthor(author))
        if try FileStatus.ofEntry(at: directory.path)?.kind == .symbolicLink {
            throw Errno(code: ELOOP, action: "remove a profile from", path: directory.path)
        }
        guard FileManager.default.fileExists(atPath: folder.path) else { return false }
        try FileManager.default.removeItem(at: folder)
        return true
    }

    /// A private scratch folder for training `author`'s profile, under their folder.
    public func scratchFolder(author: String) throws -> URL {
        let author = authorFolder(author)
        try Self.makePrivateFolder(directory)
        try Self.makePrivateFolder(author)
        let scratch = author.appendingPathComponent(".training-\(UUID().uuidString)", isDirectory: true)
        try Self.makePrivateFolder(scratch)
        return scratch
    }

    /// Removes the scratch folders of trainings that did not end by themselves (killed): they hold
    /// copies of the authors' audio. Only while holding the `TrainingLock`, when no training runs.
    /// Returns how many were removed.
    @discardableResult
    public func reclaimScratch() -> Int {
        let files = FileManager.default
        var removed = 0
        for author in (try? files.contentsOfDirectory(atPath: directory.path)) ?? [] where !author.hasPrefix(".") {
            let folder = authorFolder(author)
            for entry in (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
            where entry.hasPrefix(".training-") {
                if (try? files.removeItem(at: folder.appendingPathComponent(entry))) != nil { removed += 1 }
            }
        }
        return removed
    }

    /// Makes `model` (a folder inside `scratch`) the profile of `record`'s author and locale, in place
    /// of any previous one: the new folder is complete before one rename puts it in place.
    public func install(model: URL, record: ProfileRecord, scratch: URL) throws {
        let files = FileManager.default
        let staged = scratch.appendingPathComponent("profile", isDirectory: true)
        try Self.makePrivateFolder(staged)
        try files.moveItem(at: model, to: staged.appendingPathComponent("model", isDirectory: true))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let recordFile = staged.appendingPathComponent(ProfileRecord.fileName)
        try PrivateFile.write(Array(try encoder.encode(record)), toNew: recordFile.path)
        let target = folder(author: record.author, locale: record.locale)
        if files.fileExists(atPath: target.path) {
            let old = scratch.appendingPathComponent("previous", isDirectory: true)
            try files.moveItem(at: target, to: old)
        }
        try files.moveItem(at: staged, to: target)
    }

    /// Makes `url` a private folder (0700), refusing a link in its place (naming it) as every folder
    /// of the data directory is: a profile and the scratch folders holding dictated text never go
    /// through one.
    static func makePrivateFolder(_ url: URL) throws {
        try PrivateDirectory.make(url.path, creatingParents: true)
    }
}
