import Foundation
import StationCore
import StationSystem

/// What the last training of an author's profile for a locale was offered (the core's
/// `VoiceProfileAttempt`), kept in the files beside their profiles
/// (`<profiles>/<author>/.attempt-<locale>.json`, 0600).
typealias TrainingAttempt = VoiceProfileAttempt

extension VoiceProfileAttempt {
    /// A dictation as training knows it: its recording and the words said in it. A correction that
    /// changes the words, digits alone included ("120/80" to "130/80" is "one hundred thirty…"), makes
    /// it new data; one that changes only case or punctuation does not.
    static func key(of dictation: CorrectedDictation) -> String {
        "\(dictation.audioFile.lastPathComponent) \(wordsFingerprint(SpokenWords.of(dictation.text)))"
    }

    /// FNV-1a (64 bits) of the words, in hex: stable from one run to the next, unlike `Hasher`.
    static func wordsFingerprint(_ words: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in words.joined(separator: " ").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

extension SpeakerProfiles {
    func attemptFile(author: String, locale: String) -> URL {
        authorFolder(author).appendingPathComponent(".attempt-\(locale).json")
    }

    public func lastAttempt(author: String, locale: String) -> VoiceProfileAttempt? {
        guard let data = FileManager.default.contents(atPath: attemptFile(author: author, locale: locale).path)
        else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(TrainingAttempt.self, from: data)
    }

    public func recordAttempt(_ attempt: VoiceProfileAttempt, author: String, locale: String) throws {
        try Self.makePrivateFolder(directory)
        try Self.makePrivateFolder(authorFolder(author))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try PrivateFile.replace(attemptFile(author: author, locale: locale).path, with: Array(encoder.encode(attempt)))
    }

    public func allAttempts() -> [(author: String, locale: String, attempt: VoiceProfileAttempt)] {
        let files = FileManager.default
        let authors = ((try? files.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
        return authors.sorted().flatMap { author in
            let names = (try? files.contentsOfDirectory(atPath: authorFolder(author).path)) ?? []
            return names.sorted().compactMap {
                name -> (author: String, locale: String, attempt: VoiceProfileAttempt)? in
                guard name.hasPrefix(".attempt-"), name.hasSuffix(".json") else { return nil }
                let locale = String(name.dropFirst(".attempt-".count).dropLast(".json".count))
                return lastAttempt(author: author, locale: locale).map { (author, locale, $0) }
            }
        }
    }
}
