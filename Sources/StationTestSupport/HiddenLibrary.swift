import Foundation

/// Runs a program with one shared library hidden behind an empty file, in a mount namespace of its own:
/// for the program the library is there but broken, as a half-removed package leaves it.
public enum HiddenLibrary {
    /// Whether this process may make a mount namespace of its own (root, or a user namespace allowed).
    public static let canHide: Bool = {
        (try? runProgram("/usr/bin/unshare", ["--mount", "/bin/true"]))?.status == 0
    }()

    /// The wrapper (a program and its arguments, the program to run after them) that hides `soname`
    /// behind an empty file made in `folder`.
    public static func wrapper(hiding soname: String, emptyFileIn folder: URL) throws -> [String] {
        let empty = folder.appendingPathComponent("empty")
        try Data().write(to: empty)
        let script = """
            real=$(/sbin/ldconfig -p | awk '$1 == "\(soname)" { print $NF; exit }')
            [ -n "$real" ] || { echo "\(soname) is not installed" >&2; exit 99; }
            mount --bind "\(empty.path)" "$(readlink -f "$real")" && exec "$@"
            """
        return ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh"]
    }
}
