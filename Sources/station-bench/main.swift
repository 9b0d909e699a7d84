import Foundation
import SphinxSpeech

// Prints the transcription benchmark; scripts/bench-transcribe builds it in release mode and runs it.
// Usage: station-bench DICTATION-STATION-BINARY
//        station-bench --warm-decoder [DEV-CORPUS-DIR [POLICY...]]   (scripts/bench-warm-decoder)
let arguments = CommandLine.arguments
if arguments.count >= 2, arguments[1] == "--warm-decoder" {
    do {
        let policies = arguments.dropFirst(3).compactMap(CepstralMeanPolicy.init(rawValue:))
        try await WarmDecoderComparison.run(
            corpus: arguments.count > 2 ? URL(fileURLWithPath: arguments[2]) : nil, policies: policies)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("station-bench: \(error)\n".utf8))
        exit(1)
    }
}
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
