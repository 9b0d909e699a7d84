import Foundation
import PulseCapture
import StationCore
import StationTUI

/// `dictation-station sources`: the capture sources, one a line: a star for the default, the name
/// (what `--source` takes) and the description, separated by tabs.
public enum SourcesCommand {
    public static func run() async -> Int32 {
        let listing = await Task.detached { () -> Result<[AudioSource], CaptureError> in
            do throws(CaptureError) { return .success(try PulseSources.list()) } catch { return .failure(error) }
        }.value
        switch listing {
        case .success(let sources):
            for source in sources {
                print(
                    "\(source.isDefault ? "*" : " ")\t\(SafeText.line(source.name))\t\(SafeText.line(source.description))"
                )
            }
            return ExitStatus.success
        case .failure(let error):
            printError("dictation-station: \(CaptureErrorText.describe(error))")
            return ExitStatus.failure
        }
    }
}
