import Foundation
import Localization
import StationCore

/// The commands on reports, through the report desk the screen uses: reading (which is what a signature
/// attests), the unsure words, and signing after a question that counts those never gone to.
extension LineMode {
    /// How many reports `reports` lists: the newest, urgent ones first, as the screen's list.
    static let listedReports = 10

    /// `reports`: the newest reports, one a line.
    func listReports() async {
        let reports: [Report]
        do {
            reports = try await store.reports(ReportQuery(), limit: Self.listedReports, offset: 0)
        } catch {
            let problem = "\(error)"
            return say(tr("The reports could not be read: \(problem)"))
        }
        guard !reports.isEmpty else { return say(tr("There are no reports yet.")) }
        let dates = DateWording(clock: clock)
        let count = reports.count
        say(tr(count, one: "The newest report:", other: "The \(count) newest reports:"))
        for report in reports { say(SessionSentences.listed(report, dates: dates)) }
        say(tr("read and the number reads one: read \(reports[0].id)"))
    }

    /// `read 14`: the report's heading, its text line by line, and its unsure words; the text read is
    /// what `sign 14` may sign.
    func read(_ id: Int64) async {
        let report: Report
        do {
            report = try await desk.report(id)
        } catch {
            return say(error.description)
        }
        say(heading(of: report))
        if report.text.isEmpty {
            say(tr("(no text)"))
        } else {
            say(report.text)
        }
        reading = ReportReading(showing: report)
        unsure = UnsureWords(words: report.words, text: report.text)
        unsureVisited = nil
        let marks = unsure.marks.count
        if marks == 0 {
            say(tr("End of report \(id)."))
        } else {
            say(
                tr(
                    marks, one: "End of report \(id). The decoder was unsure of \(marks) word: word goes to it.",
                    other: "End of report \(id). The decoder was unsure of \(marks) words: word goes to each in turn."))
        }
    }

    /// `word`: the next word of the report read that the decoder was unsure of, in its line, and how sure
    /// it was; a word gone to counts as visited when signing.
    func nextUnsureWord() {
        guard let id = reading?.reportID else { return say(tr("Read a report first: read 14.")) }
        let marks = unsure.marks
        guard !marks.isEmpty else { return say(tr("The decoder was sure of every word of report \(id).")) }
        let index = unsureVisited.map { ($0 + 1) % marks.count } ?? 0
        unsureVisited = index
        let mark = marks[index]
        reading?.visit(mark)
        let word = SafeText.line(mark.word.text)
        let percent = Int(((mark.word.confidence ?? 0) * 100).rounded())
        let at = TimeWords.duration(mark.word.start)
        let (number, total) = (index + 1, marks.count)
        let line = reading.map { SafeText.lines($0.text) }?[safe: mark.line] ?? ""
        say(tr("Unsure word \(number) of \(total): \"\(word)\", \(percent) % sure, at \(at) in the audio, in: \(line)"))
    }

    /// `sign 14`: signs the report as read, after a question that says how many of its unsure words were
    /// never gone to; only y signs. The desk checks, under the report's claim, that the text is the one read.
    func sign(_ id: Int64) async {
        guard let reading, reading.reportID == id else {
            return say(tr("Read report \(id) before signing it: read \(id), then sign \(id)."))
        }
        let signer = desk.user ?? tr("you")
        let outcome: ReportDesk.Signature
        do {
            outcome = try await desk.sign(id, after: reading) { [self] question in
                if let summary = question.unsureSummary { say(summary) }
                return await confirm(
                    tr(
                        "A signed report is final: a later change makes an amendment with a reason. Sign report \(id) as \(signer)? y signs, n leaves it unsigned"
                    ))
            }
        } catch {
            return say(error.description)
        }
        switch outcome {
        case .signed(let report):
            let by = report.signedBy ?? signer
            say(tr("Signed report \(id) as \(by)."))
        case .declined: say(tr("Report \(id) is not signed."))
        }
    }

    private func heading(of report: Report) -> String {
        let (id, status, session) = (report.id, report.listedStatus, report.sessionName)
        let (author, when) = (report.authorName, DateWording(clock: clock).short(report.created))
        let audio = TimeWords.duration(report.audioDuration)
        var heading = tr("Report \(id), \(status), \(session), dictated by \(author) \(when), \(audio) of audio.")
        if let patient = report.properties.patient, !patient.isEmpty {
            let display = patient.display
            heading += " " + tr("Patient: \(display).")
        }
        return heading
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
