import Foundation

/// Copies a recording into the station's audio folder as a new private file (0600), never over an
/// existing one: the copy is created exclusively (O_CREAT|O_EXCL), so two processes that ever chose the
/// same name would see a failure rather than share a file.
public enum PrivateAudioCopy {
    /// How much is read and written at a time: a 230 MB recording is never held in memory.
    static let chunkBytes = 1 << 20

    /// Copies `source` to `destination`, which must not exist; throws `ImportError` by kind.
    public static func copy(_ source: URL, _ destination: URL) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: source)
        } catch {
            throw ImportError(copying: error, reading: true)
        }
        defer { try? input.close() }
        do {
            // `.withoutOverwriting` opens with O_CREAT|O_EXCL: a file that exists is never touched.
            try Data().write(to: destination, options: .withoutOverwriting)
        } catch {
            throw ImportError(copying: error, reading: false)
        }
        do {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: destination.path)
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw ImportError(copying: error, reading: false)
        }
        do {
            let output = try FileHandle(forWritingTo: destination)
            defer { try? output.close() }
            while true {
                let chunk: Data
                do {
                    chunk = try input.read(upToCount: chunkBytes) ?? Data()
                } catch {
                    throw ImportError(copying: error, reading: true)
                }
                if chunk.isEmpty { break }
                try output.write(contentsOf: chunk)
            }
            try output.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw ImportError(copying: error, reading: false)
        }
    }
}
