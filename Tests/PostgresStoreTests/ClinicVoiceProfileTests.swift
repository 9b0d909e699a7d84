import Foundation
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore
@testable import StationApp

/// The care workers' voice profiles in the clinic store: a profile trained on one workstation is
/// decoded with on another, as the same care worker; no one else reads, changes, forges or resets it.
@Suite("Clinic store: voice profiles follow their author", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicVoiceProfileTests {
    static let stock = ModelLocator.debianModels[0]

    /// A workstation of its own: a data directory and the profiles as the station wires them, acting
    /// as `role`.
    struct Workstation {
        let paths: StationPaths
        let profiles: ClinicVoiceProfiles

        init(_ clinic: TestClinic, as role: String) throws {
            paths = StationPaths(dataDirectory: try AudioFixtures.temporaryDirectory("clinic-profiles"))
            profiles = try OpenedStore.clinicProfiles(at: clinic.address, paths: paths, log: nil)
            try profiles.impersonate(role)
        }

        func remove() { try? FileManager.default.removeItem(at: paths.dataDirectory) }
    }

    /// A model folder in a training's scratch folder, as a training leaves it: the stock model's files,
    /// `means` changed by `variant` so that two trainings differ.
    static func trainedModel(on workstation: Workstation, author: String, variant: UInt8 = 0) throws -> (URL, URL) {
        let scratch = try workstation.profiles.scratchFolder(author: author)
        let model = scratch.appendingPathComponent("map", isDirectory: true)
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: false)
        for name in ["feat.params", "mdef", "means", "noisedict", "sendump", "transition_matrices", "variances"] {
            var bytes = try Data(contentsOf: stock.acousticModel.appendingPathComponent(name))
            if name == "means" { bytes[bytes.count - 1] ^= variant }
            try bytes.write(to: model.appendingPathComponent(name))
        }
        return (model, scratch)
    }

    static func record(
        author: String, locale: String = "en-US", created: Date = Date(timeIntervalSince1970: 1_790_000_000)
    )
        -> VoiceProfileRecord
    {
        VoiceProfileRecord(
            author: author, locale: locale, kind: .map, created: created, dictationsOffered: 30, dictationsAligned: 28,
            heldBack: 5, stockErrorRate: WordErrors(errors: 20, words: 100),
            profileErrorRate: WordErrors(errors: 10, words: 100), trainingSeconds: 12,
            baseModel: stock.acousticModel.path, baseFingerprint: AdaptedModel.fingerprint(of: stock.acousticModel))
    }

    static func sha256(_ file: URL) throws -> String { try ClinicAudioTests.sha256(file) }

    static func mode(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1
    }

    @Test("installed on one workstation, decoded with on another as the same care worker, from a private copy")
    func followsItsAuthor() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let first = try Workstation(clinic, as: anna)
        defer { first.remove() }
        let second = try Workstation(clinic, as: anna)
        defer { second.remove() }

        let (model, scratch) = try Self.trainedModel(on: first, author: anna)
        let digests = try Dictionary(
            uniqueKeysWithValues: FileManager.default.contentsOfDirectory(atPath: model.path).map {
                ($0, try Self.sha256(model.appendingPathComponent($0)))
            })
        try first.profiles.install(model: model, record: Self.record(author: anna), scratch: scratch)
        #expect(
            try clinic.psql("SELECT count(*), bool_and(sealed) FROM dictation.voice_profiles").output == "1|t")
        #expect(
            try clinic.psql("SELECT count(*) FROM dictation.voice_profile_digests").output == String(digests.count))

        // The other workstation has never seen it: the store gives it, whole, byte for byte.
        #expect(second.profiles.record(author: anna, locale: "en-US") == Self.record(author: anna))
        let copy = try #require(second.profiles.modelFolder(author: anna, locale: "en-US"))
        #expect(copy.path.hasPrefix(second.paths.dataDirectory.path), "a copy of the second workstation's own")
        for (name, digest) in digests {
            #expect(try Self.sha256(copy.appendingPathComponent(name)) == digest, "\(name) as trained")
            #expect(try Self.mode(copy.appendingPathComponent(name)) == 0o600)
        }
        #expect(try Self.mode(copy) == 0o700)
        #expect(try Self.mode(second.paths.dataDirectory.appendingPathComponent("clinic-profiles")) == 0o700)
        // The decoder's choice on the second workstation: anna's profile, from its copy.
        let chosen = try #require(
            ProfileModels(profiles: second.profiles).speakerModel(speaker: anna, base: Self.stock))
        #expect(chosen.model.acousticModel == copy)
        #expect(ProfileModels(profiles: second.profiles).speakerModel(speaker: "bob", base: Self.stock) == nil)

        // A new training replaces it: the next dictation on the second workstation gets the new one, in a
        // new folder, and the old copy is gone.
        let (newer, newerScratch) = try Self.trainedModel(on: first, author: anna, variant: 1)
        let newerMeans = try Self.sha256(newer.appendingPathComponent("means"))
        #expect(newerMeans != digests["means"])
        try first.profiles.install(
            model: newer, record: Self.record(author: anna, created: Date(timeIntervalSince1970: 1_790_000_100)),
            scratch: newerScratch)
        let newCopy = try #require(second.profiles.modelFolder(author: anna, locale: "en-US"))
        #expect(newCopy != copy)
        #expect(try Self.sha256(newCopy.appendingPathComponent("means")) == newerMeans)
        #expect(!FileManager.default.fileExists(atPath: copy.path), "the replaced profile's copy is removed")
        #expect(try clinic.psql("SELECT count(*) FROM dictation.voice_profiles").output == "1", "one in use")
        #expect(
            try clinic.psql(
                "SELECT count(DISTINCT profile_id), count(DISTINCT name) FROM dictation.voice_profile_files"
            )
            .output == "1|\(digests.count)",
            "the old profile's files went with it")

        // Reset on the second workstation: the first decodes with the stock model, and keeps no copy.
        _ = try #require(first.profiles.modelFolder(author: anna, locale: "en-US"))
        #expect(try second.profiles.reset(author: anna))
        #expect(first.profiles.modelFolder(author: anna, locale: "en-US") == nil)
        #expect(first.profiles.record(author: anna, locale: "en-US") == nil)
        #expect(
            !FileManager.default.fileExists(
                atPath: first.paths.dataDirectory.appendingPathComponent("clinic-profiles/\(anna)/en-US").path))
    }

    @Test("a training's attempt is kept in the store, the author's own")
    func attempts() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let first = try Workstation(clinic, as: anna)
        defer { first.remove() }
        let second = try Workstation(clinic, as: anna)
        defer { second.remove() }
        let other = try Workstation(clinic, as: bob)
        defer { other.remove() }
        let attempt = VoiceProfileAttempt(date: Date(timeIntervalSince1970: 1_790_000_000), dictations: ["a.wav 1f"])
        try first.profiles.recordAttempt(attempt, author: anna, locale: "en-US")
        #expect(second.profiles.lastAttempt(author: anna, locale: "en-US") == attempt)
        var later = attempt
        later.dictations.insert("b.wav 2e")
        try second.profiles.recordAttempt(later, author: anna, locale: "en-US")
        #expect(first.profiles.lastAttempt(author: anna, locale: "en-US") == later)
        #expect(first.profiles.allAttempts().map(\.author) == [anna])
        #expect(other.profiles.lastAttempt(author: anna, locale: "en-US") == nil, "bob does not see it")
        #expect(throws: ClinicStoreError.self) {
            try other.profiles.recordAttempt(attempt, author: anna, locale: "en-US")
        }
        #expect(
            try clinic.psql("SELECT author, count(*) FROM dictation.voice_profile_attempts GROUP BY author").output
                == "\(anna)|1")
    }

    @Test("another care worker cannot read, change, forge or reset a profile, from the station or from psql")
    func othersRefused() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annas = try Workstation(clinic, as: anna)
        defer { annas.remove() }
        let bobs = try Workstation(clinic, as: bob)
        defer { bobs.remove() }
        let (model, scratch) = try Self.trainedModel(on: annas, author: anna)
        try annas.profiles.install(model: model, record: Self.record(author: anna), scratch: scratch)
        let id = try clinic.psql("SELECT id FROM dictation.voice_profiles").output

        // Through the station: bob sees no profile of anna's, decodes her with the stock model, and
        // cannot reset it, nor store one in her name.
        #expect(bobs.profiles.record(author: anna, locale: "en-US") == nil)
        #expect(bobs.profiles.modelFolder(author: anna, locale: "en-US") == nil)
        #expect(bobs.profiles.all().isEmpty)
        #expect(throws: ClinicStoreError.self) { try bobs.profiles.reset(author: anna) }
        let (forged, forgedScratch) = try Self.trainedModel(on: bobs, author: bob, variant: 7)
        #expect(throws: ClinicStoreError.self) {
            try bobs.profiles.install(model: forged, record: Self.record(author: anna), scratch: forgedScratch)
        }

        // From psql as bob.
        func refused(_ sql: String, as role: String) throws -> String {
            let outcome = try clinic.psql(sql, as: role)
            #expect(!outcome.succeeded, "\(sql) as \(role) was allowed")
            return outcome.errors
        }
        #expect(try clinic.psql("SELECT count(*) FROM dictation.voice_profiles", as: bob).output == "0")
        #expect(try clinic.psql("SELECT count(*) FROM dictation.voice_profile_files", as: bob).output == "0")
        #expect(try clinic.psql("SELECT count(*) FROM dictation.voice_profile_digests", as: bob).output == "0")
        #expect(
            try refused("UPDATE dictation.voice_profiles SET record = '{}' WHERE id = \(id)", as: bob)
                .contains("permission denied"))
        #expect(
            try refused("UPDATE dictation.voice_profile_files SET chunk = '\\x00'", as: anna)
                .contains("permission denied"), "not even its author changes a stored file")
        #expect(
            try refused(
                "INSERT INTO dictation.voice_profiles (author, locale, record) VALUES ('\(anna)', 'en-US', '{}')",
                as: bob
            ).contains("permission denied"), "no one names the author")
        #expect(
            try refused(
                "INSERT INTO dictation.voice_profile_files (profile_id, name, number, chunk) VALUES (\(id), 'means', 9, '\\x00')",
                as: bob
            )
            .contains("only by its author"))
        #expect(try refused("SELECT dictation.seal_voice_profile(\(id))", as: bob).contains("only by its author"))
        let recordOfAnna = String(
            decoding: try ClinicVoiceProfiles.encoder.encode(Self.record(author: anna)), as: UTF8.self)
        #expect(
            try refused(
                """
                BEGIN;
                WITH made AS (INSERT INTO dictation.voice_profiles (locale, record) VALUES ('en-US', '\(recordOfAnna)')
                    RETURNING id)
                SELECT dictation.seal_voice_profile(id) FROM made;
                COMMIT;
                """, as: bob
            ).contains("names another author"), "a record in anna's name is not bob's profile")
        #expect(
            try refused(
                "INSERT INTO dictation.voice_profiles (locale, record) VALUES ('en-US', '{}')", as: anna
            ).contains("not completed"), "a profile without its sealed files is never committed")
        #expect(try clinic.psql("DELETE FROM dictation.voice_profiles", as: bob).mustSucceed().output.isEmpty)
        #expect(try refused("DELETE FROM dictation.voice_profile_files", as: bob).contains("permission denied"))

        // Anna's profile is untouched.
        #expect(try clinic.psql("SELECT count(*), min(author) FROM dictation.voice_profiles").output == "1|\(anna)")
        let copy = try #require(annas.profiles.modelFolder(author: anna, locale: "en-US"))
        #expect(
            try Self.sha256(copy.appendingPathComponent("means"))
                == Self.sha256(Self.stock.acousticModel.appendingPathComponent("means")))
    }
}

extension ClinicVoiceProfileTests {
    @Test("a station's profile whose files the store would seal otherwise than the station's is not kept")
    func importChecked() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let workstation = try Workstation(clinic, as: anna)
        defer { workstation.remove() }
        let (model, scratch) = try Self.trainedModel(on: workstation, author: anna)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var digests = try Dictionary(
            uniqueKeysWithValues: FileManager.default.contentsOfDirectory(atPath: model.path).map {
                ($0, try Self.sha256(model.appendingPathComponent($0)))
            })
        let record = Self.record(author: anna)
        let right = digests
        digests["means"] = String(repeating: "0", count: 64)
        #expect(throws: ClinicStoreError.self) {
            try workstation.profiles.importProfile(model: model, record: record, digests: digests)
        }
        #expect(try clinic.psql("SELECT count(*) FROM dictation.voice_profiles").output == "0", "nothing kept")
        #expect(try workstation.profiles.importProfile(model: model, record: record, digests: right) == .imported)
        #expect(try workstation.profiles.importProfile(model: model, record: record, digests: right) == .alreadyThere)
        var older = record
        older.created = record.created.addingTimeInterval(-60)
        #expect(
            try workstation.profiles.importProfile(model: model, record: older, digests: right) == .newerInStore,
            "a profile trained later on another workstation is kept")
        #expect(try clinic.psql("SELECT count(*) FROM dictation.voice_profiles").output == "1")
    }
}

extension ClinicVoiceProfiles {
    /// Takes `role`'s identity on the profiles' connection (the test process is the server's superuser).
    func impersonate(_ role: String) throws {
        try perform { connection in try connection.execute("SET SESSION AUTHORIZATION \"\(role)\"") }
    }
}
