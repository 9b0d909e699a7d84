import Foundation
import Localization
import StationCore
import StationTUI

/// The report list as aligned columns: id, created, urgency, patient, author, type, status, session,
/// duration, first line. Names and text are made safe for the terminal first (one line each) and
/// measured by the columns they take on a terminal (`TextFit`), so wide characters keep the columns
/// straight. The patient column is as wide as its longest identifier needs: a name is cut before its
/// identifier is. Dates say today or yesterday, or carry their year (`DateWording`).
enum ReportTable {
    static let patientWidth = 32
    static let authorWidth = 14
    static let typeWidth = 18
    static let sessionWidth = 24

    static func render(_ reports: [Report], dates: DateWording, workTypes: WorkTypes = .builtIn) -> String {
        let fit = TextFit()
        let idWidth = max(2, reports.map { String($0.id).count }.max() ?? 0)
        // The status column fits every status word of the interface language.
        let statusHeading = tr("STATUS")
        let statusWidth = ([statusHeading] + Report.listedStatusWords).map(fit.width).max() ?? 9
        let durationHeading = tr("DURATION")
        let durationWidth = max(8, fit.width(durationHeading))
        let created = reports.map { dates.short($0.created) }
        let createdWidth = max(fit.width(tr("CREATED")), created.map(fit.width).max() ?? 0)
        let patients = reports.map { LabelPart.patient($0.properties.patient, none: "—") }
        let identifierNeed =
            patients.map { parts in
                parts.filter { $0.cutOrder == nil }.reduce(0) { $0 + fit.width($1.text) }
                    + (parts.contains { $0.cutOrder != nil } && parts.count > 1 ? 2 : 0)
            }.max() ?? 0
        let longestPatient = patients.map { fit.width($0.map(\.text).joined()) }.max() ?? 0
        let patientColumn = max(fit.width(tr("PATIENT")), identifierNeed, min(longestPatient, patientWidth))
        func cell(_ text: String, width: Int) -> String { fit.pad(SafeText.line(text), to: width) }
        var lines = [
            row([
                fit.padLeft(tr("ID"), to: idWidth), fit.pad(tr("CREATED"), to: createdWidth), "!",
                fit.pad(tr("PATIENT"), to: patientColumn), fit.pad(tr("AUTHOR"), to: authorWidth),
                fit.pad(tr("TYPE"), to: typeWidth), fit.pad(statusHeading, to: statusWidth),
                fit.pad(tr("SESSION"), to: sessionWidth), fit.pad(durationHeading, to: durationWidth), tr("TEXT"),
            ])
        ]
        for (index, report) in reports.enumerated() {
            let properties = report.properties
            lines.append(
                row([
                    fit.padLeft(String(report.id), to: idWidth), fit.pad(created[index], to: createdWidth),
                    properties.priority == .urgent ? "!" : " ", fit.pad(patients[index], to: patientColumn),
                    cell(report.authorName, width: authorWidth),
                    cell(workTypes.type(properties.workType).display, width: typeWidth),
                    fit.pad(report.listedStatus, to: statusWidth), cell(report.sessionName, width: sessionWidth),
                    fit.padLeft(ElapsedTimeFormat.string(for: report.audioDuration), to: durationWidth),
                    SafeText.line(report.firstLine),
                ]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: [String]) -> String { cells.joined(separator: "  ") }
}
