import Foundation
import StationTestSupport
import Testing

@Suite("The command line")
struct UsageTests {
    @Test("--help and -h print the usage and exit 0", arguments: ["--help", "-h", "help"])
    func help(_ flag: String) throws {
        let outcome = try StationBinary.run([flag])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("Usage:"))
        #expect(outcome.standardOutput.contains("--data-dir"))
        #expect(outcome.standardError.isEmpty)
    }

    @Test("--version prints the version and exits 0", arguments: ["--version", "-V"])
    func version(_ flag: String) throws {
        let outcome = try StationBinary.run([flag])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("dictation-station "))
    }

    @Test(
        "an unknown option or subcommand prints the usage to stderr and exits 2",
        arguments: [["--frobnicate"], ["frobnicate"], ["--data-dir"]])
    func unknown(_ arguments: [String]) throws {
        let outcome = try StationBinary.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Usage:"))
        #expect(outcome.standardOutput.isEmpty)
    }
}
