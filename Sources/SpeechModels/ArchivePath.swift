/// Checks on the paths an archive or the catalog names, so nothing lands outside its folder.
enum ArchivePath {
    /// A relative path with no `..` component and no NUL: it stays inside the folder it is joined to.
    static func isSafeRelative(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return false }
        return !components(path).contains("..")
    }

    /// The components of a path without empty and `.` ones.
    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    /// Whether a symbolic link at `entry` (relative) pointing to `target` resolves inside the folder.
    static func linkStaysInside(entry: String, target: String) -> Bool {
        guard !target.isEmpty, !target.hasPrefix("/") else { return false }
        var resolved = Array(components(entry).dropLast())
        for component in components(target) {
            if component == ".." {
                guard !resolved.isEmpty else { return false }
                resolved.removeLast()
            } else {
                resolved.append(component)
            }
        }
        return true
    }
}
