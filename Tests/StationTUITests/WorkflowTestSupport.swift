import Foundation
import StationCore
import StationTestSupport

@testable import StationTUI

extension ScreenHarness {
    /// Adds a report with its workflow details and waits for the list to show it.
    @discardableResult
    func addReport(
        session: String, text: String, author: String?, patient: Patient? = nil,
        workType: String = "progress-note", priority: ReportPriority = .normal
    ) async throws -> Report {
        let report = try await fixture.reports.add(
            NewReport(
                sessionName: session, locale: "en-US", created: fixture.clock.wallTime, audioDuration: .seconds(30),
                audioFile: nil, text: text, author: author,
                properties: DictationProperties(patient: patient, workType: workType, priority: priority)))
        model.reloadReports()
        await model.settle()
        return report
    }

    /// The newest notice's text.
    var lastNotice: String { station.notifier.notifications.first?.message ?? "" }
}
