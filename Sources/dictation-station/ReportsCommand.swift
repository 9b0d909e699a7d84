import Foundation
import LocalClaims
import SQLiteStore
import StationCore

/// `dictation-station reports`: lists, shows, signs, corrects, deletes drafts of, enters in error and
/// exports the stored reports. Every step of a report's life goes through `ReportDesk`.
enum ReportsCommand {
    static let subcommand = Subcommand(name: "reports") { parser, globals in
        try await run(&parser, globals)
    }

    /// What the command line asked for.
    private enum Action {
        case list(ReportListRequest)
        case show(Int64)
        case delete(Int64, confirmed: Bool)
        case retire(Int64, reason: String)
        case export(Int64, ReportExportFormat)
        case sign(Int64, author: String?)
        case edit(Int64, ReportEditRequest)
    }

    @MainActor
    static func run(_ parser: inout ArgumentParser, _ globals: GlobalOptions) async throws -> Int32 {
        let action = try parse(&parser)
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let database = try await CommandDatabase.open(paths)
        let workTypes = try WorkTypes.load(
            from: ConfigPaths.workTypes(environment: ProcessInfo.processInfo.environment))
        let desk = { (user: String) in
            ReportDesk(
                store: database, claims: FileReportEditLocks(paths: paths),
                training: ProfileTrainingWiring.detachedRequests(paths: paths), clock: SystemClock(), user: user)
        }
        switch action {
        case .list(let request):
            try await list(database, request, workTypes: workTypes)
        case .show(let id):
            let report = try await desk(LoginUser.name).report(id)
            let revisions = try await database.revisions(id: id)
            let events = try await database.events(id: id)
            printText(
                ReportExport.text(
                    report, revisions: revisions, timeZone: .current, workTypes: workTypes, events: events),
                terminator: "")
        case .sign(let id, let author):
            let signer = try LoginUser.check(author: author)
            let signed = try await desk(signer).sign(id)
            printText("Signed report \(id) as \(signed.signedBy ?? signer).")
        case .edit(let id, let request):
            try await ReportEditing.edit(id, request, at: desk(try LoginUser.check(author: request.author)))
        case .delete(let id, let confirmed):
            return try await ReportEditing.deleteDraft(id, confirmed: confirmed, at: desk(LoginUser.name))
        case .retire(let id, let reason):
            let retired = try await desk(LoginUser.name).enterInError(id, reason: reason)
            printText(
                "Report \(id) is entered in error as \(retired.enteredInError?.by ?? LoginUser.name): kept with its "
                    + "audio and history, left out of lists (reports --all shows it).")
        case .export(let id, let format):
            let report = try await desk(LoginUser.name).report(id)
            let revisions = try await database.revisions(id: id)
            let data = try ReportExport.export(
                report, revisions: revisions, as: format, timeZone: .current, workTypes: workTypes)
            if format == .text {
                printText(String(decoding: data, as: UTF8.self), terminator: "")
            } else {
                printJSON(data)
            }
        }
        return CommandLineTool.Exit.success
    }

    private static func parse(_ parser: inout ArgumentParser) throws -> Action {
        switch parser.peek() {
        case "sign", "edit":
            return try parseChange(&parser)
        case "delete", "retire":
            return try parseRemoval(&parser)
        case "show", "export":
            let verb = parser.next()!
            let id = try reportID(after: verb, &parser)
            var format = ReportExportFormat.text
            while let argument = parser.next() {
                let (name, inline) = ArgumentParser.split(argument)
                guard verb == "export", name == "--format" else { throw ArgumentError.unexpectedArgument(argument) }
                let value = try parser.value(for: name, inline: inline)
                guard let chosen = ReportExportFormat(rawValue: value) else {
                    throw ArgumentError.invalidValue(option: name, value: value)
                }
                format = chosen
            }
            return verb == "show" ? .show(id) : .export(id, format)
        default:
            var request = ReportListRequest()
            while let argument = parser.next() {
                let (name, inline) = ArgumentParser.split(argument)
                switch name {
                case "--search": request.query.search = try parser.value(for: name, inline: inline)
                case "--mine": request.query.author = LoginUser.name
                case "--unsigned": request.query.unsignedOnly = true
                case "--urgent": request.query.urgentOnly = true
                case "--all": request.query.includeEnteredInError = true
                case "--json": request.json = true
                default:
                    throw argument.hasPrefix("-")
                        ? ArgumentError.unknownOption(argument) : ArgumentError.unexpectedArgument(argument)
                }
            }
            return .list(request)
        }
    }

    private static func reportID(after verb: String, _ parser: inout ArgumentParser) throws -> Int64 {
        guard let raw = parser.next() else { throw ArgumentError.missingArgument("report ID after '\(verb)'") }
        guard let id = Int64(raw), id > 0 else { throw ArgumentError.invalidValue(option: "ID", value: raw) }
        return id
    }

    /// `reports sign ID [--author NAME]` and `reports edit ID --text-file FILE [--reason TEXT] [--author NAME]`.
    private static func parseChange(_ parser: inout ArgumentParser) throws -> Action {
        let verb = parser.next()!
        let id = try reportID(after: verb, &parser)
        var author: String?
        var edit = ReportEditRequest()
        while let argument = parser.next() {
            let (name, inline) = ArgumentParser.split(argument)
            switch (verb, name) {
            case (_, "--author"): author = try parser.value(for: name, inline: inline)
            case ("edit", "--text-file"): edit.textFile = try parser.value(for: name, inline: inline)
            case ("edit", "--reason"): edit.reason = try parser.value(for: name, inline: inline)
            default:
                throw argument.hasPrefix("-")
                    ? ArgumentError.unknownOption(argument) : ArgumentError.unexpectedArgument(argument)
            }
        }
        guard verb == "edit" else { return .sign(id, author: author) }
        guard edit.textFile != nil else { throw ArgumentError.missingArgument("--text-file FILE for 'edit'") }
        edit.author = author
        return .edit(id, edit)
    }

    /// `reports delete ID [--yes]` and `reports retire ID --reason TEXT`.
    private static func parseRemoval(_ parser: inout ArgumentParser) throws -> Action {
        let verb = parser.next()!
        let id = try reportID(after: verb, &parser)
        var confirmed = false
        var reason: String?
        while let argument = parser.next() {
            let (name, inline) = ArgumentParser.split(argument)
            switch (verb, name) {
            case ("delete", "--yes"): confirmed = true
            case ("retire", "--reason"): reason = try parser.value(for: name, inline: inline)
            default:
                throw argument.hasPrefix("-")
                    ? ArgumentError.unknownOption(argument) : ArgumentError.unexpectedArgument(argument)
            }
        }
        guard verb == "retire" else { return .delete(id, confirmed: confirmed) }
        guard let reason else { throw ArgumentError.missingArgument("--reason TEXT for 'retire'") }
        return .retire(id, reason: reason)
    }

    /// Every report the request asks for, urgent first, then newest first, read a page at a time.
    private static func list(
        _ database: StationDatabase, _ request: ReportListRequest, workTypes: WorkTypes
    )
        async throws
    {
        var reports: [Report] = []
        let page = 500
        while true {
            let next = try await database.reports(request.query, limit: page, offset: reports.count)
            reports += next
            if next.count < page { break }
        }
        if request.json {
            printJSON(try ReportExport.jsonList(reports))
        } else if reports.isEmpty {
            printText(request.query.search.map { "No reports match \"\($0)\"." } ?? "No reports yet.")
        } else {
            printText(ReportTable.render(reports, timeZone: .current, workTypes: workTypes), terminator: "")
        }
    }
}
