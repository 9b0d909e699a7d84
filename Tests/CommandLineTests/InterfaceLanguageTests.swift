import Foundation
import StationTestSupport
import Testing

/// The real binary in the language its environment asks for, by gettext's rules: LANGUAGE, then LC_ALL,
/// LC_MESSAGES, LANG; English where no catalog or no translation exists. scripts/test generates nl_NL.UTF-8.
@Suite("The command line in the interface language")
struct InterfaceLanguageTests {
    static let dutchHelp = "Gebruik:"
    static let englishHelp = "Usage:"

    struct Case: CustomTestStringConvertible, Sendable {
        var environment: [String: String]
        var dutch: Bool
        var testDescription: String {
            environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                + (dutch ? " → Dutch" : " → English")
        }
    }

    @Test(
        "The language follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG",
        arguments: [
            Case(environment: ["LANG": "nl_NL.UTF-8"], dutch: true),
            Case(environment: ["LANG": "C.UTF-8"], dutch: false),
            Case(environment: ["LANG": "nl_NL.UTF-8", "LC_MESSAGES": "C.UTF-8"], dutch: false),
            Case(environment: ["LANG": "C.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8"], dutch: true),
            Case(environment: ["LANG": "C.UTF-8", "LC_ALL": "nl_NL.UTF-8"], dutch: true),
            Case(environment: ["LANG": "nl_NL.UTF-8", "LC_ALL": "C.UTF-8"], dutch: false),
            Case(environment: ["LANG": "C.UTF-8", "LANGUAGE": "nl"], dutch: true),
            Case(environment: ["LANG": "nl_NL.UTF-8", "LANGUAGE": "en"], dutch: false),
            Case(environment: ["LANG": "C.UTF-8", "LANGUAGE": "fr:nl"], dutch: true),
            // No French catalog: English, the fallback.
            Case(environment: ["LANG": "fr_FR.UTF-8"], dutch: false),
            // Plain C asks for the untranslated messages, whatever LANGUAGE says (gettext's rule).
            Case(environment: ["LANG": "C", "LANGUAGE": "nl"], dutch: false),
            // A Dutch locale this machine has not generated still means Dutch.
            Case(environment: ["LANG": "nl_BE.UTF-8"], dutch: true),
        ])
    func choice(_ choice: Case) throws {
        let outcome = try StationBinary.run(["--help"], environment: choice.environment)
        #expect(outcome.status == 0)
        let expected = choice.dutch ? Self.dutchHelp : Self.englishHelp
        #expect(outcome.standardOutput.contains(expected), "\(outcome.standardOutput.prefix(300))")
    }

    @Test("A wrong command line is said in Dutch, with the usage of the subcommand")
    func usageError() throws {
        let outcome = try StationBinary.run(["reports", "show"], environment: ["LANG": "nl_NL.UTF-8"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("dictation-station: verslagnummer ID na 'show' ontbreekt"))
        #expect(outcome.standardError.contains("Gebruik: dictation-station [ALGEMENE OPTIES] reports ..."))
        #expect(outcome.standardError.contains("Meer: dictation-station help reports"))
    }

    @Test("The core's refusals reach the command line in Dutch")
    func refusal() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let outcome = try StationBinary.run(
            ["--data-dir", data.path, "reports", "show", "99"], environment: ["LANG": "nl_NL.UTF-8"])
        #expect(outcome.status != 0)
        #expect(outcome.standardError.contains("Er is geen verslag 99."), "\(outcome.standardError)")
    }

    @Test("A subcommand's own output is Dutch: an empty list, a model list's headings and states")
    func subcommandOutput() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let dutch = ["LANG": "nl_NL.UTF-8"]
        let reports = try StationBinary.run(["--data-dir", data.path, "reports"], environment: dutch)
        #expect(reports.standardOutput == "Nog geen verslagen.\n", "\(reports.standardOutput)\(reports.standardError)")
        let models = try StationBinary.run(["--data-dir", data.path, "models"], environment: dutch)
        #expect(models.standardOutput.hasPrefix("TAAL   TOESTAND   GROOTTE   NAAM"), "\(models.standardOutput)")
        #expect(models.standardOutput.contains("beschikbaar") || models.standardOutput.contains("systeem"))
    }
}
