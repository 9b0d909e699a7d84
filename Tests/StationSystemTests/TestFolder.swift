import Foundation

/// A private temporary folder for one test, removed by `remove()`.
struct TestFolder {
    let path: String

    init(_ label: String) throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "ds-system-\(label)-\(UUID().uuidString)"
            ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The permission bits of the entry at `path` itself.
    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    static func setMode(_ mode: Int, _ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }
}
