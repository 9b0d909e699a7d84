import Foundation
import Localization
import StationCore

/// `dictation-station reports`: lists, shows, signs, corrects, deletes drafts of, enters in error and
/// exports the stored reports. Every step of a report's life goes through `ReportDesk`.
public enum ReportsCommand {
    /// What the command line asked for.
    public enum Action: Sendable {
        case list(ReportListRequest)
        case show(Int64)
        case delete(Int64, confirmed: Bool)
        case retire(Int64, reason: String)
        /// With `withOriginal`, a text export ends with the original transcript.
        case export(Int64, ReportExportFormat, withOriginal: Bool)
        case sign(Int64, author: String?, confirmed: Bool)
        case edit(Int64, ReportEditRequest)
    }

    @MainActor
    public static func run(_ action: Action, globals: GlobalOptions) async throws -> Int32 {
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let opened = try await OpenedStore.open(globals: globals, paths: paths)
        let database = opened.store
        let workTypes = try WorkTypes.load(
            from: ConfigPaths.workTypes(environment: ProcessInfo.processInfo.environment))
        let desk = { (user: String) in
            ReportDesk(
                store: database, claims: opened.editLocks,
                training: ProfileTrainingWiring.detachedRequests(paths: paths, store: globals.store),
                clock: SystemClock(), user: user)
        }
        let me = opened.user
        switch action {
        case .list(let request):
            try await list(database, request, workTypes: workTypes)
        case .show(let id):
            let report = try await desk(me).report(id)
            let revisions = try await database.revisions(id: id)
            let events = try await database.events(id: id)
            printText(
                ReportExport.text(
                    report, revisions: revisions, timeZone: .current, workTypes: workTypes, events: events),
                terminator: "")
        case .sign(let id, let author, let confirmed):
            return try await ReportSigning.sign(id, confirmed: confirmed, at: desk(try opened.check(author: author)))
        case .edit(let id, let request):
            try await ReportEditing.edit(id, request, at: desk(try opened.check(author: request.author)))
        case .delete(let id, let confirmed):
            return try await ReportEditing.deleteDraft(id, confirmed: confirmed, at: desk(me))
        case .retire(let id, let reason):
            let retired = try await desk(me).enterInError(id, reason: reason)
            let by = retired.enteredInError?.by ?? me
            printText(
                tr(
                    "Report \(id) is entered in error as \(by): kept with its audio and history, left out of lists (reports --all shows it)."
                ))
        case .export(let id, let format, let withOriginal):
            let report = try await desk(me).report(id)
            let revisions = try await database.revisions(id: id)
            let data = try ReportExport.export(
                report, revisions: revisions, as: format, timeZone: .current, workTypes: workTypes,
                events: try await database.events(id: id), withOriginal: withOriginal)
            if format == .text {
                printText(String(decoding: data, as: UTF8.self), terminator: "")
            } else {
                printJSON(data)
            }
        }
        return ExitStatus.success
    }

    /// Every report the request asks for, urgent first, then newest first, read a page at a time.
    private static func list(
        _ database: any StationStore, _ request: ReportListRequest, workTypes: WorkTypes
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
            printText(request.query.search.map { tr("No reports match \"\($0)\".") } ?? tr("No reports yet."))
        } else {
            printText(
                ReportTable.render(reports, dates: DateWording(clock: SystemClock()), workTypes: workTypes),
                terminator: "")
        }
    }
}
