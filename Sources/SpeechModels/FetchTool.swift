import Foundation
import Localization
import StationSystem

/// Where the download helper is: beside the running program. The station does not link
/// FoundationNetworking (a third of the libraries the dynamic loader would map at every start, for a
/// download that happens once per locale); `dictation-station-fetch` does, and runs only while one
/// download does. A test process finds it the same way, in the build folder beside the test bundle.
enum FetchTool {
    static let name = "dictation-station-fetch"

    /// The helper's path, or `unexpected` saying where it was looked for.
    static func path() throws -> String {
        guard let folder = RunningProgram.folder else {
            throw InstallFailure.unexpected(
                tr("cannot find the download helper \(name): the station's own path is unknown"))
        }
        let tool = "\(folder)/\(name)"
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw InstallFailure.unexpected(
                tr(
                    "the download helper \(tool) is missing; build it with `swift build -c release --product \(name)` (scripts/run does)"
                ))
        }
        return tool
    }
}
