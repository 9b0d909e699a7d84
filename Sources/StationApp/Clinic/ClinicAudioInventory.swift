import Foundation
import PostgresStore
import SQLiteStore
import StationCore

/// The recordings of a workstation's audio folder as the orphan finder sees them when the clinic store
/// keeps the reports: owned by a session of the one connected, by a report made of the dictation, or by
/// a send that waits in the outbox for the server.
struct ClinicAudioInventory: AudioInventory {
    let paths: StationPaths
    let store: ClinicStore
    let markers: any ImportMarkReading

    func recordings() throws -> [AudioFileEntry] {
        try AudioFolderInventory.recordings(in: paths, markers: markers)
    }

    func ownedRecordingNames() async throws -> Set<String> {
        let names = try recordings().map(\.file.lastPathComponent)
        let waiting = store.outbox?.waitingRecordingNames ?? []
        return try await store.ownedAudioNames(among: names).union(waiting)
    }

    /// A workstation does not empty the clinic's store: its recordings without a report are orphans,
    /// never a sign of a lost database.
    func storeIsEmpty() async throws -> Bool { false }

    func importMarker(for recording: URL) -> ImportMarkerState { markers.state(of: recording) }

    func removeImportMarker(for recording: URL) { markers.removeMark(of: recording) }
}
