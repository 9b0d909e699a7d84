import ArgumentParsing
import Localization
import StationApp
import StationCore

/// `reports [--search TEXT] [--mine] [--unsigned] [--urgent] [--all] [--json]`, `reports show ID`,
/// `reports export ID [--format F] [--with-original]`, `reports sign ID [--yes] [--author A]`, `reports edit ID --text-file FILE [--reason TEXT]
/// [--author A]`, `reports delete ID [--yes]`, `reports retire ID --reason TEXT`.
enum ReportsOptions {
    static let subcommand = Subcommand(name: "reports") { arguments, globals in
        try await ReportsCommand.run(try parse(arguments), globals: globals)
    }

    static let list = CommandSyntax(
        [.value("--search"), .flag("--mine"), .flag("--unsigned"), .flag("--urgent"), .flag("--all"), .flag("--json")],
        maximumPositionals: 0)
    /// `show` takes nothing after the ID, `export` only `--format`; anything else is unexpected.
    static let show = CommandSyntax(maximumPositionals: 0, unknownOptionIsUnexpected: true)
    static let export = CommandSyntax(
        [.value("--format"), .flag("--with-original")], maximumPositionals: 0, unknownOptionIsUnexpected: true)
    static let sign = CommandSyntax([.value("--author"), .flag("--yes")], maximumPositionals: 0)
    static let edit = CommandSyntax(
        [.value("--author"), .value("--text-file"), .value("--reason")], maximumPositionals: 0)
    static let delete = CommandSyntax([.flag("--yes")], maximumPositionals: 0)
    static let retire = CommandSyntax([.value("--reason")], maximumPositionals: 0)

    static func parse(_ arguments: [String]) throws(ArgumentError) -> ReportsCommand.Action {
        guard let verb = arguments.first, ["show", "export", "sign", "edit", "delete", "retire"].contains(verb) else {
            let parsed = try list.parse(arguments)
            var request = ReportListRequest()
            request.query.search = parsed.value("--search")
            if parsed.has("--mine") { request.query.author = LoginUser.name }
            request.query.unsignedOnly = parsed.has("--unsigned")
            request.query.urgentOnly = parsed.has("--urgent")
            request.query.includeEnteredInError = parsed.has("--all")
            request.json = parsed.has("--json")
            return .list(request)
        }
        // The ID comes right after the verb, whatever it looks like.
        guard arguments.count > 1 else { throw .missingArgument(tr("report ID after '\(verb)'")) }
        let raw = arguments[1]
        guard let id = Int64(raw), id > 0 else { throw .invalidValue(option: "ID", value: raw) }
        let rest = Array(arguments.dropFirst(2))
        switch verb {
        case "show":
            _ = try show.parse(rest)
            return .show(id)
        case "export":
            let parsed = try export.parse(rest)
            let format = try parsed.value("--format") { ReportExportFormat(rawValue: $0) }
            return .export(id, format ?? .text, withOriginal: parsed.has("--with-original"))
        case "sign":
            let parsed = try sign.parse(rest)
            return .sign(id, author: parsed.value("--author"), confirmed: parsed.has("--yes"))
        case "edit":
            let parsed = try edit.parse(rest)
            var request = ReportEditRequest()
            guard let file = parsed.value("--text-file") else {
                throw .missingArgument(tr("--text-file FILE for 'edit'"))
            }
            request.textFile = file
            request.reason = parsed.value("--reason")
            request.author = parsed.value("--author")
            return .edit(id, request)
        case "delete":
            return .delete(id, confirmed: try delete.parse(rest).has("--yes"))
        default:
            guard let reason = try retire.parse(rest).value("--reason") else {
                throw .missingArgument(tr("--reason TEXT for 'retire'"))
            }
            return .retire(id, reason: reason)
        }
    }
}
