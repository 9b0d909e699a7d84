#if canImport(Glibc)
    import Glibc
#endif

/// The running program's own file, as the kernel knows it (not argv[0], which may be relative or a name
/// on PATH), and the files SwiftPM ships beside it. One readlink and a stat: `Bundle` (which lists the
/// folder and resolves each component of its path) and `FileManager` cost the first frame a millisecond,
/// and `Bundle.module` stops the process when its folder is missing.
public enum RunningProgram {
    /// The executable's path; nil when /proc cannot say.
    public static let path: String? = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// The folder holding the executable (the build folder for a test runner).
    public static var folder: String? {
        guard let path, let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The path of `relative` in the resources SwiftPM copied for `target` beside the executable
    /// (`DictationStation_<target>.resources/<relative>`), when it is there.
    public static func shippedFile(target: String, _ relative: String) -> String? {
        guard let folder else { return nil }
        let path = "\(folder)/DictationStation_\(target).resources/\(relative)"
        return access(path, F_OK) == 0 ? path : nil
    }
}
