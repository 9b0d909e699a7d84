import ArgumentParsing
import Foundation
import Localization
import StationApp

/// `models [list]`, `models install LOCALE [--from FILE...]`, `models remove LOCALE`.
enum ModelsOptions {
    static let subcommand = Subcommand(name: "models") { arguments, globals in
        try await ModelsCommand.run(try parse(arguments), globals: globals)
    }

    /// After the locale only `--from` and its files; anything else is unexpected.
    static let afterLocale = CommandSyntax([.rest("--from")], maximumPositionals: 0, unknownOptionIsUnexpected: true)

    static func parse(_ arguments: [String]) throws(ArgumentError) -> ModelsCommand.Action {
        let action = arguments.first
        if arguments.count > 1, arguments[1].hasPrefix("--") {
            throw .missingArgument(tr("LOCALE after 'models \(action ?? "")'"))
        }
        let locale = arguments.count > 1 ? arguments[1] : nil
        let files = try afterLocale.parse(Array(arguments.dropFirst(2))).list("--from").map {
            URL(fileURLWithPath: $0)
        }
        if !files.isEmpty, action != "install" { throw .unexpectedArgument("--from") }
        switch action {
        case nil, "list":
            if let locale { throw .unexpectedArgument(locale) }
            return .list
        case "install":
            guard let locale else { throw .missingArgument(tr("LOCALE after 'models install'")) }
            return .install(locale: locale, files: files)
        case "remove":
            guard let locale else { throw .missingArgument(tr("LOCALE after 'models remove'")) }
            return .remove(locale: locale)
        case let other?:
            throw .invalidValue(option: "models", value: other)
        }
    }
}
