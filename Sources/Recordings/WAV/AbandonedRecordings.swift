import Foundation

/// Recordings left behind by a station process that was killed while capturing.
public enum AbandonedRecordings {
    /// Fits the header of every WAV file in `directory` to the audio it holds, so each plays and can
    /// be resumed or sent; returns the files it repaired. Files it cannot read are left as they are.
    ///
    /// The station runs this when it opens its data directory (and `record --append` on its file); a
    /// file being recorded right now is harmless to repair, as its header only ever grows.
    @discardableResult
    public static func repair(in directory: URL) -> [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return repair(files)
    }

    /// Fits the headers of these WAV files to the audio they hold; returns the files it repaired.
    @discardableResult
    public static func repair(_ files: [URL]) -> [URL] {
        var repaired: [URL] = []
        for file in files where file.pathExtension.lowercased() == "wav" {
            guard let before = try? WAVInfo(file), let after = try? repairWAV(at: file) else { continue }
            if before.dataBytes != after.dataBytes { repaired.append(file) }
        }
        return repaired
    }
}
