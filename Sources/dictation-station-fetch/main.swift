import Foundation
import GettextCatalog
import Localization
import ModelFetching
import SpeechModels
import Synchronization

// The model installer's download helper: `dictation-station-fetch URL FILE MAX-BYTES IDLE-SECONDS`.
// It fetches URL into FILE (which exists) and writes each step as a line of JSON on its standard output
// (see `FetchEvent`); the station starts it, reads it and stops it. Not for people to run.
InterfaceLanguage.start()
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 4, let url = URL(string: arguments[0]), let maxBytes = Int64(arguments[2]),
    let idleTimeout = TimeInterval(arguments[3])
else {
    FileHandle.standardError.write(Data(tr("usage: dictation-station-fetch URL FILE MAX-BYTES IDLE-SECONDS\n").utf8))
    exit(2)
}
let fetch = HTTPFetch(
    url: url, destination: URL(fileURLWithPath: arguments[1]), maxBytes: maxBytes, idleTimeout: idleTimeout)
let finished = Mutex(false)
await fetch.run { event in
    if event == .finished { finished.withLock { $0 = true } }
    FileHandle.standardOutput.write(Data(event.line))
}
exit(finished.withLock { $0 } ? 0 : 1)
