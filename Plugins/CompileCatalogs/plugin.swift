import Foundation
import PackagePlugin

/// Compiles the translations (`po/*.po`) with gettext's `msgfmt --check` into the layout gettext reads
/// (`locale/LANG/LC_MESSAGES/dictation-station.mo`), as a resource folder of the target that uses it:
/// a plain `swift build` puts it beside the executable, so no .mo file is ever committed.
@main
struct CompileCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let poFolder = context.package.directoryURL.appending(path: "po")
        let languages = try FileManager.default.contentsOfDirectory(atPath: poFolder.path)
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "locale")
        // One shell command makes the whole folder, so SwiftPM copies it as one resource with its tree
        // (single files would be flattened into the bundle, and every language's file has the same name).
        var script = "set -e; rm -rf \(quoted(output.path))"
        for language in languages {
            let folder = output.appending(path: "\(language)/LC_MESSAGES")
            script += "; mkdir -p \(quoted(folder.path))"
            script +=
                "; \(quoted(try msgfmt())) --check -o \(quoted(folder.appending(path: "dictation-station.mo").path))"
            script += " \(quoted(poFolder.appending(path: "\(language).po").path))"
        }
        return [
            .buildCommand(
                displayName: "Compiling the translations (\(languages.joined(separator: ", ")))",
                executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
                inputFiles: languages.map { poFolder.appending(path: "\($0).po") }, outputFiles: [output])
        ]
    }

    /// msgfmt from PATH (Debian's gettext package).
    private func msgfmt() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin"] {
            let candidate = "\(folder)/msgfmt"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw CompileCatalogsError.noMsgfmt
    }

    private func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

enum CompileCatalogsError: Error, CustomStringConvertible {
    case noMsgfmt
    var description: String { "msgfmt is not installed: install Debian's gettext package (scripts/run does)" }
}
