import Foundation
import LocalClaims
import SQLiteStore
import StationCore

/// What `reports list` was asked for.
struct ReportListRequest {
    var query = ReportQuery()
    var json = false
}

/// What `reports edit` was asked for.
struct ReportEditRequest {
    var textFile: String?
    var reason: String?
    var author: String?
}

/// `reports edit ID --text-file FILE`: a correction from a script, as the logged-in user, while no one
/// else corrects the report (the same claim the screen's editor takes).
enum ReportEditing {
    static func edit(
        _ id: Int64, _ request: ReportEditRequest, in database: StationDatabase, paths: StationPaths
    )
        async throws -> Report?
    {
        let author = try LoginUser.check(author: request.author)
        let file = request.textFile ?? ""
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ReportEditFailure(
                description: "The text file \(file) cannot be read: check its name and that it is UTF-8 text.")
        }
        let locks = FileReportEditLocks(paths: paths)
        if case .heldElsewhere(let holder) = locks.claim(report: id) {
            throw ReportEditFailure(
                description:
                    "Report \(id) is being corrected by \(holder?.description ?? "another station process"); "
                    + "try again when they are done.")
        }
        defer { locks.release(report: id) }
        guard let current = try await database.report(id: id) else { throw ReportStoreError.noSuchReport(id: id) }
        guard current.text != text else {
            printText("Report \(id) already has this text; nothing saved.")
            return nil
        }
        let saved = try await database.revise(id: id, text: text, at: Date(), by: author, reason: request.reason)
        printText("Saved a new revision of report \(id) (\(saved.status.rawValue)).")
        return saved
    }
}

/// A correction from the command line that cannot be made, said as what to do.
struct ReportEditFailure: Error, CustomStringConvertible {
    var description: String
}
