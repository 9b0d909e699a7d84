import Foundation
import PostgresStore
import StationCore
import StationSystem

/// Plays a report's audio that the clinic store keeps: the player is handed a private copy (0600)
/// written from the store into the data directory's `playback/` folder (0700), on whichever workstation
/// the report is opened. A copy lives until the next playback or the next start; a recording the store
/// does not keep is played from its file as before.
final class StoredAudioPlayer: AudioPlaying {
    private let base: any AudioPlaying
    private let store: ClinicStore
    private let folder: URL

    init(base: any AudioPlaying, store: ClinicStore, folder: URL) {
        self.base = base
        self.store = store
        self.folder = folder
        Self.removeCopies(in: folder)
    }

    func play(file: URL, from start: Duration) async throws {
        await base.stop()
        Self.removeCopies(in: folder)
        guard let report = try await store.report(owningAudio: file) else {
            return try await base.play(file: file, from: start)
        }
        try PrivateDirectory.make(folder.path)
        let copy = folder.appendingPathComponent("report-\(report.id)-\(UUID().uuidString.prefix(8)).wav")
        guard try await store.writeAudio(ofReport: report.id, to: copy) else {
            return try await base.play(file: file, from: start)
        }
        try await base.play(file: copy, from: start)
    }

    func pause() async throws { try await base.pause() }
    func resume() async throws { try await base.resume() }
    func seek(by offset: Duration) async throws { try await base.seek(by: offset) }
    func stop() async { await base.stop() }
    var progress: AsyncStream<PlaybackProgress> { base.progress }

    /// Copies of earlier playbacks: patient audio kept no longer than it is played.
    private static func removeCopies(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix("report-") && name.hasSuffix(".wav") {
            try? PrivateFile.remove(folder.appendingPathComponent(name).path)
        }
    }
}
