import ArgumentParsing
import Localization
import StationApp

/// `vocabulary [list] [--locale L]`, `vocabulary add WORD [PRONUNCIATION] [--locale L]`, `vocabulary
/// remove WORD [--locale L]`.
enum VocabularyOptions {
    static let subcommand = Subcommand(name: "vocabulary") { arguments, globals in
        try await VocabularyCommand.run(try parse(arguments), globals: globals)
    }

    static let syntax = CommandSyntax([.value("--locale")])

    static func parse(_ arguments: [String]) throws(ArgumentError) -> VocabularyCommand.Action {
        let action = arguments.first ?? "list"
        let parsed = try syntax.parse(Array(arguments.dropFirst()))
        let (locale, positional) = (parsed.value("--locale"), parsed.positionals)
        switch action {
        case "list":
            if let extra = positional.first { throw .unexpectedArgument(extra) }
            return .list(locale: locale)
        case "add":
            guard let word = positional.first else { throw .missingArgument(tr("WORD after 'vocabulary add'")) }
            let typed = positional.dropFirst().joined(separator: " ")
            return .add(word: word, pronunciation: typed.isEmpty ? nil : typed, locale: locale)
        case "remove":
            guard let word = positional.first else { throw .missingArgument(tr("WORD after 'vocabulary remove'")) }
            if positional.count > 1 { throw .unexpectedArgument(positional[1]) }
            return .remove(word: word, locale: locale)
        default:
            throw .invalidValue(option: "vocabulary", value: action)
        }
    }
}
