import Foundation
import SQLiteStore
import StationCore

/// `dictation-station reports`: lists, shows, deletes and exports the stored reports.
enum ReportsCommand {
    static let subcommand = Subcommand(name: "reports") { parser, globals in
        try await run(&parser, globals)
    }

    /// What the command line asked for.
    private enum Action {
        case list(search: String?, json: Bool)
        case show(Int64)
        case delete(Int64)
        case export(Int64, ReportExportFormat)
    }

    @MainActor
    static func run(_ parser: inout ArgumentParser, _ globals: GlobalOptions) async throws -> Int32 {
        let action = try parse(&parser)
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let database = try await CommandDatabase.open(paths)
        switch action {
        case .list(let search, let json):
            try await list(database, search: search, json: json)
        case .show(let id):
            let report = try await existing(id, in: database)
            let revisions = try await database.revisions(id: id)
            printText(ReportExport.text(report, revisions: revisions, timeZone: .current), terminator: "")
        case .delete(let id):
            let report = try await existing(id, in: database)
            try await database.delete(id: id)
            printText("Deleted report \(id)\(report.audioFile == nil ? "" : " and its audio").")
        case .export(let id, let format):
            let report = try await existing(id, in: database)
            let revisions = try await database.revisions(id: id)
            let data = try ReportExport.export(report, revisions: revisions, as: format, timeZone: .current)
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
        case "show", "delete", "export":
            let verb = parser.next()!
            guard let raw = parser.next() else { throw ArgumentError.missingArgument("report ID after '\(verb)'") }
            guard let id = Int64(raw), id > 0 else { throw ArgumentError.invalidValue(option: "ID", value: raw) }
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
            return verb == "show" ? .show(id) : verb == "delete" ? .delete(id) : .export(id, format)
        default:
            var search: String?
            var json = false
            while let argument = parser.next() {
                let (name, inline) = ArgumentParser.split(argument)
                switch name {
                case "--search": search = try parser.value(for: name, inline: inline)
                case "--json": json = true
                default:
                    throw argument.hasPrefix("-")
                        ? ArgumentError.unknownOption(argument) : ArgumentError.unexpectedArgument(argument)
                }
            }
            return .list(search: search, json: json)
        }
    }

    private static func existing(_ id: Int64, in database: StationDatabase) async throws -> Report {
        guard let report = try await database.report(id: id) else { throw ReportStoreError.noSuchReport(id: id) }
        return report
    }

    /// Every report (matching `search`), newest first, read a page at a time.
    private static func list(_ database: StationDatabase, search: String?, json: Bool) async throws {
        var reports: [Report] = []
        let page = 500
        while true {
            let next = try await database.reports(search: search, limit: page, offset: reports.count)
            reports += next
            if next.count < page { break }
        }
        if json {
            printJSON(try ReportExport.jsonList(reports))
        } else if reports.isEmpty {
            printText(search.map { "No reports match \"\($0)\"." } ?? "No reports yet.")
        } else {
            printText(ReportTable.render(reports, timeZone: .current), terminator: "")
        }
    }
}
