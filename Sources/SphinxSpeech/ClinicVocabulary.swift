import Foundation
import Localization
import StationCore
import StationSystem

/// The words a clinic added to decoding, per locale: `<data>/vocabulary/<locale>.dict` (folder 0700,
/// files 0600), in the CMU dictionary format (`word PH PH …`), one pronunciation per word.
///
/// Changes are written whole to a temporary file that is then renamed over the old one, under an
/// `flock` on `.lock`, so a decoder reading it and two people adding at once never see half a file.
public struct ClinicVocabulary: Sendable {
    public var directory: URL

    /// The most words a locale's vocabulary takes (each is added to every decoder as it loads).
    public static let maximumWords = 2_000

    public init(directory: URL) { self.directory = directory }

    public init(paths: StationPaths) { self.init(directory: paths.vocabularyDirectory) }

    /// Where the language models with the clinic's words are kept (`VocabularyLanguageModel`).
    public var languageModelCache: URL { directory.appendingPathComponent(".language-models", isDirectory: true) }

    /// The file of `locale`'s words.
    public func file(locale: String) throws(VocabularyError) -> URL {
        directory.appendingPathComponent("\(try Self.checkedLocale(locale)).dict")
    }

    /// `locale` in its canonical form (`en_us` is `en-US`), if it can name a file.
    public static func checkedLocale(_ locale: String) throws(VocabularyError) -> String {
        let canonical = ModelLocator.canonical(locale)
        guard !canonical.isEmpty, canonical.count <= 20,
            canonical.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0))
            }),
            canonical.first?.isLetter == true
        else { throw .invalidLocale(locale) }
        return canonical
    }

    /// The locales that have words, sorted.
    public func locales() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".dict") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }
            .filter { (try? Self.checkedLocale($0)) == $0 }.sorted()
    }

    /// `locale`'s words in the order they were added, at most `maximumWords`; lines that do not pass
    /// the checks are skipped.
    public func entries(locale: String) throws(VocabularyError) -> [VocabularyEntry] {
        try read(locale: locale).entries
    }

    /// `locale`'s file as decoding takes it: its first `maximumWords` words, and what it leaves out.
    public func read(locale: String) throws(VocabularyError) -> VocabularyFile {
        let url = try file(locale: locale)
        guard !isLink(url), let data = FileManager.default.contents(atPath: url.path) else { return VocabularyFile() }
        return Self.read(data)
    }

    /// Every word of a file, however many (changing the file keeps what it holds).
    static func entries(in data: Data) -> [VocabularyEntry] { read(data, limit: .max).entries }

    /// A file edited by hand may hold any number of lines: only the first `maximumWords` words are
    /// taken, however many follow, so what a file holds never decides how long a decoder takes to load.
    static func read(_ data: Data, limit: Int = maximumWords) -> VocabularyFile {
        var seen: Set<String> = []
        var file = VocabularyFile()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            guard let entry = VocabularyEntry(line: line) else {
                file.unreadableLines += 1
                continue
            }
            guard seen.insert(entry.word).inserted else { continue }
            if file.entries.count < limit {
                file.entries.append(entry)
            } else {
                file.beyondLimit += 1
                if file.firstLeftOut.count < 5 { file.firstLeftOut.append(entry.word) }
            }
        }
        return file
    }

    /// What `add` did.
    public enum Added: Equatable, Sendable {
        case added
        /// The word was there with `previous`, now replaced.
        case replaced(previous: [String])
        case unchanged
    }

    /// Adds `word` said with `phones` (both checked by the caller with `VocabularyEntry`), or gives an
    /// added word its new pronunciation.
    @discardableResult
    public func add(word: String, phones: [String], locale: String) throws(VocabularyError) -> Added {
        let entry = VocabularyEntry(word: try VocabularyEntry.checkedWord(word), phones: phones)
        return try change(locale: locale) { entries throws(VocabularyError) in
            if let index = entries.firstIndex(where: { $0.word == entry.word }) {
                let previous = entries[index].phones
                if previous == entry.phones { return .unchanged }
                entries[index] = entry
                return .replaced(previous: previous)
            }
            guard entries.count < Self.maximumWords else {
                throw .tooManyWords(locale: try Self.checkedLocale(locale), limit: Self.maximumWords)
            }
            entries.append(entry)
            return .added
        }
    }

    /// Removes `word`; false when the vocabulary does not hold it.
    public func remove(word: String, locale: String) throws(VocabularyError) -> Bool {
        let word = try VocabularyEntry.checkedWord(word)
        return try change(locale: locale) { entries in
            let before = entries.count
            entries.removeAll { $0.word == word }
            return entries.count != before
        }
    }

    /// Reads, changes and writes back `locale`'s words under the lock.
    func change<Result>(
        locale: String, _ body: (inout [VocabularyEntry]) throws(VocabularyError) -> Result
    ) throws(VocabularyError) -> Result {
        let url = try file(locale: locale)
        try makeDirectory()
        let lock = try Self.storing { () throws(Errno) in
            let lock = try FileLock(path: directory.appendingPathComponent(".lock").path)
            try lock.lock()
            return lock
        }
        defer { lock.close() }
        if isLink(url) { throw .storage(tr("\(url.path) is a symbolic link; move it away")) }
        var entries = Self.entries(in: FileManager.default.contents(atPath: url.path) ?? Data())
        let before = entries
        let result = try body(&entries)
        guard entries != before else { return result }
        let text = entries.map(\.line).joined(separator: "\n") + (entries.isEmpty ? "" : "\n")
        try Self.storing { () throws(Errno) in try PrivateFile.replace(url.path, with: Array(text.utf8)) }
        return result
    }

    func makeDirectory() throws(VocabularyError) {
        if isLink(directory) { throw .storage(tr("\(directory.path) is a symbolic link; move it away")) }
        try Self.storing { () throws(Errno) in try PrivateDirectory.make(directory.path, creatingParents: true) }
    }

    /// Runs the system calls of saving the vocabulary; a failure is a storage error in words.
    static func storing<T>(_ call: () throws(Errno) -> T) throws(VocabularyError) -> T {
        do {
            return try call()
        } catch {
            throw .storage(error.description)
        }
    }

    private func isLink(_ url: URL) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        return attributes?[.type] as? FileAttributeType == .typeSymbolicLink
    }

    /// When `locale`'s file last changed (its inode, size and modification time), nil when there is none:
    /// a decoder compares it with the one its words came from when a dictation opens.
    func stamp(locale: String) -> FileStamp? {
        guard let url = try? file(locale: locale) else { return nil }
        return FileStamp(of: url)
    }
}
