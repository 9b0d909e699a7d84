import Foundation
import StationCore

/// The recordings of a data directory as the orphan finder sees them: the files in `audio/`, the
/// database's sessions and reports, and the import markers (kept by `markers`, beside the recordings).
public struct AudioFolderInventory: AudioInventory {
    public let paths: StationPaths
    public let database: StationDatabase
    public let markers: any ImportMarkReading

    public init(paths: StationPaths, database: StationDatabase, markers: any ImportMarkReading) {
        self.paths = paths
        self.database = database
        self.markers = markers
    }

    public func recordings() throws -> [AudioFileEntry] { try Self.recordings(in: paths, markers: markers) }

    /// The recordings in `paths`' audio folder (regular files, not the import markers), whichever store
    /// accounts for them.
    public static func recordings(in paths: StationPaths, markers: any ImportMarkReading) throws -> [AudioFileEntry] {
        guard FileManager.default.fileExists(atPath: paths.audioDirectory.path) else { return [] }
        let files = try FileManager.default.contentsOfDirectory(
            at: paths.audioDirectory,
            includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey, .fileSizeKey],
            options: [.skipsHiddenFiles])
        return files.compactMap { file in
            guard !markers.isMark(file) else { return nil }
            let values = try? file.resourceValues(forKeys: [
                .isRegularFileKey, .contentModificationDateKey, .fileSizeKey,
            ])
            guard values?.isRegularFile == true else { return nil }
            return AudioFileEntry(
                file: file, modified: values?.contentModificationDate, bytes: values?.fileSize.map(Int64.init))
        }
    }

    public func ownedRecordingNames() async throws -> Set<String> { try await database.ownedAudioNames() }

    public func storeIsEmpty() async throws -> Bool { try await database.holdsNothing() }

    public func importMarker(for recording: URL) -> ImportMarkerState { markers.state(of: recording) }

    public func removeImportMarker(for recording: URL) { markers.removeMark(of: recording) }
}
