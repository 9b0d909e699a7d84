import Foundation

// Prints the transcription benchmark; scripts/bench-transcribe builds it in release mode and runs it.
// Usage: station-bench DICTATION-STATION-BINARY
let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: station-bench DICTATION-STATION-BINARY\n".utf8))
    exit(2)
}
do {
    try FileComparison.run(binary: URL(fileURLWithPath: arguments[1]))
    print("")
    try await LiveComparison.run()
} catch {
    FileHandle.standardError.write(Data("station-bench: \(error)\n".utf8))
    exit(1)
}
