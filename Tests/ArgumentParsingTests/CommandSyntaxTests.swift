import Testing

@testable import ArgumentParsing

@Suite("CommandSyntax: one declarative parser for every subcommand")
struct CommandSyntaxTests {
    let syntax = CommandSyntax(
        [.flag("--json"), .value("--locale", "-l"), .rest("--from")], maximumPositionals: 2)

    @Test("flags, values in both spellings, aliases under the first name, plain arguments in order")
    func readsEverything() throws {
        let parsed = try syntax.parse(["a", "--json", "-l", "de-DE", "b"])
        #expect(parsed.has("--json"))
        #expect(parsed.value("--locale") == "de-DE")
        #expect(parsed.positionals == ["a", "b"])
        #expect(try syntax.parse(["--locale=fr-FR"]).value("--locale") == "fr-FR")
        #expect(try syntax.parse(["--locale", "a", "--locale", "b"]).value("--locale") == "b")
    }

    @Test("a rest option takes everything after it, inline value first")
    func restOption() throws {
        #expect(try syntax.parse(["x", "--from=a", "b", "--json"]).list("--from") == ["a", "b", "--json"])
        #expect(throws: ArgumentError.missingValue("--from")) { try syntax.parse(["--from"]) }
    }

    @Test("mistakes in the words the usage has always used")
    func mistakes() {
        #expect(throws: ArgumentError.unknownOption("--bogus=1")) { try syntax.parse(["--bogus=1"]) }
        #expect(throws: ArgumentError.missingValue("--locale")) { try syntax.parse(["--locale"]) }
        #expect(throws: ArgumentError.unexpectedArgument("c")) { try syntax.parse(["a", "b", "c"]) }
        #expect(throws: ArgumentError.unknownOption("-")) { try syntax.parse(["-"]) }
        let none = CommandSyntax(maximumPositionals: 0, unknownOptionIsUnexpected: true)
        #expect(throws: ArgumentError.unexpectedArgument("--json")) { try none.parse(["--json"]) }
        #expect(ArgumentError.missingValue("--x").description == "option '--x' needs a value")
        #expect(ArgumentError.invalidValue(option: "--x", value: "y").description == "invalid value 'y' for '--x'")
    }

    @Test("- can be a file, -- ends the options, global options stop at the first plain argument")
    func conventions() throws {
        let files = CommandSyntax([.flag("--tsv")], dashIsPositional: true, doubleDashEndsOptions: true)
        #expect(try files.parse(["-", "--", "--tsv"]).positionals == ["-", "--tsv"])
        #expect(try files.parse(["-", "--", "--tsv"]).has("--tsv") == false)
        let globals = CommandSyntax([.flag("--no-color")], optionsOnlyFirst: true)
        let parsed = try globals.parse(["--no-color", "reports", "--no-color", "--x"])
        #expect(parsed.positionals == ["reports", "--no-color", "--x"])
        #expect(parsed.has("--no-color"))
    }

    @Test("a converted value that does not convert is an invalid value")
    func convertedValues() throws {
        let every = CommandSyntax([.value("--every")])
        #expect(try every.parse(["--every", "5"]).value("--every") { Int($0) } == 5)
        #expect(throws: ArgumentError.invalidValue(option: "--every", value: "x")) {
            try every.parse(["--every", "x"]).value("--every") { Int($0) }
        }
        let escape = ArgumentError.unknownOption("a\u{1B}").mapText { String($0.filter { $0 != "\u{1B}" }) }
        #expect(escape == .unknownOption("a"))
    }
}
