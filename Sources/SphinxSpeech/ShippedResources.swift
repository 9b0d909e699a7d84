import Foundation

/// Files shipped in SphinxSpeech's resources (the punctuation tables, the withheld words).
enum ShippedResources {
    /// Where SwiftPM puts `folder`/`file`: in a bundle folder beside the executable (or the test
    /// runner). Looked up by hand because `Bundle.module` stops the process when the folder is missing.
    static func candidates(_ folder: String, _ file: String) -> [URL] {
        let bundleName = "DictationStation_SphinxSpeech.resources"
        var folders = [Bundle.main.bundleURL]
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        folders.append(executable.deletingLastPathComponent())
        return folders.map {
            $0.appendingPathComponent(bundleName).appendingPathComponent(folder).appendingPathComponent(file)
        }
    }
}
