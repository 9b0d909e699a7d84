import Foundation
import SphinxSpeech
import StationCore
import StationTestSupport

// scripts/bench-sentences: sentence ends found and false breaks in dictations spoken without punctuation
// commands, the WER of their words with and without the sentence ends, and how often each spoken
// command is heard.
// Usage: sentence-bench CORPUS_DIR PUNCTUATION_JSON [--sweep] [--no-command-words] [--command-weight W]
//   CORPUS_DIR holds one folder per voice, made by Tests/Fixtures/dictations/make-dictations.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(
        Data(
            "usage: sentence-bench CORPUS_DIR PUNCTUATION_JSON [--sweep] [--no-command-words] [--command-weight W]\n"
                .utf8))
    exit(2)
}
do {
    let corpus = URL(fileURLWithPath: arguments[1])
    let table = try JSONDecoder().decode(
        PunctuationTable.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[2])))
    try await SentenceBenchmark(
        corpus: corpus, table: table, sweep: arguments.contains("--sweep"),
        weighsCommands: arguments.contains("--no-command-words") ? false : nil,
        commandWeight: arguments.firstIndex(of: "--command-weight").flatMap { index in
            index + 1 < arguments.count ? Float(arguments[index + 1]) : nil
        }
    ).run()
} catch {
    FileHandle.standardError.write(Data("sentence-bench: \(error)\n".utf8))
    exit(1)
}
