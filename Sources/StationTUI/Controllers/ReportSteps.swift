import Foundation
import Localization
import StationCore

/// Signing and taking a report out of use, through the desk, each after a question (only y does it):
/// `S` in the report view signs what it showed as the station's author, `D` deletes a draft of yours, `R` marks any other wrong report
/// entered in error with a reason; and `x` exports it. The desk says why a step is refused before its
/// question is asked, and again if things changed meanwhile.
@MainActor
struct ReportSteps {
    unowned let screen: ScreenModel

    var notifier: Notifier { screen.notifier }

    /// `S` in the report view: the question before signing what the view showed (`reading`); nil, saying
    /// why, when the desk refuses. It says how many of the decoder's unsure words were never visited and
    /// how the text begins.
    func signQuestion(_ report: Report, after reading: ReportReading) -> ConfirmDialogController? {
        guard let desk = allowing({ $0.refusal(toSign: report, after: reading) }),
            let question = try? desk.signingQuestion(for: report, after: reading)
        else { return nil }
        let about = report.properties.described(with: screen.services.workTypes)
        let unsure = question.unsureSummary.map {
            question.unvisited.isEmpty ? " \($0)" : " " + tr("\($0) w goes to them.")
        }
        let (signer, opening) = (desk.user ?? tr("you"), question.opening)
        return ConfirmDialogController(
            title: tr("Sign report #\(report.id)?"),
            message: tr("Sign report #\(report.id) (\(about)) as \(signer)?") + (unsure ?? "") + " "
                + tr(
                    "It begins: \"\(opening)\". A signed report is final: a later change makes an amendment with a reason."
                ),
            action: .sign(report.id)
        ) {
            sign(report.id, after: reading, on: desk)
            return .close
        }
    }

    /// Signs through the desk, which holds the report's claim while it runs and checks that the text is
    /// still the one shown.
    private func sign(_ id: Int64, after reading: ReportReading, on desk: ReportDesk) {
        screen.run { [weak screen] in
            do throws(ReportRefusal) {
                guard case .signed(let signed) = try await desk.sign(id, after: reading) else { return }
                screen?.show(signed)
                screen?.notifier.info(tr("Signed report #\(id) as \(signed.signedBy ?? desk.user ?? "you")."))
            } catch {
                screen?.notifier.warning(error.description)
            }
        }
    }

    /// `D`: the question before deleting a draft of yours; nil, saying why, for any other report.
    func deletionQuestion(_ report: Report) -> ConfirmDialogController? {
        guard let desk = allowing({ $0.refusal(toDelete: report) }) else { return nil }
        let session = report.sessionName
        return ConfirmDialogController(
            title: tr("Delete draft report #\(report.id)?"),
            message: report.audioFile == nil
                ? tr(
                    "Its text is deleted and cannot be brought back. The history of \"\(session)\" keeps that you deleted it, and when."
                )
                : tr(
                    "Its text and audio are deleted and cannot be brought back. The history of \"\(session)\" keeps that you deleted it, and when."
                ),
            action: .deleteDraft(report.id)
        ) {
            deleteDraft(report.id, on: desk)
            return .close
        }
    }

    private func deleteDraft(_ id: Int64, on desk: ReportDesk) {
        screen.run { [weak screen] in
            do throws(ReportRefusal) {
                guard case .deleted(let event) = try await desk.deleteDraft(id), let screen else { return }
                screen.closeViews(of: id)
                screen.reloadReports()
                screen.notifier.info(
                    tr(
                        "Deleted draft report #\(id); the history of \"\(event.sessionName)\" keeps who deleted it and when."
                    )
                )
            } catch {
                screen?.notifier.warning(error.description)
            }
        }
    }

    /// `R`: asks what is wrong with the report, then whether to enter it in error; nil, saying why,
    /// when the desk refuses.
    func errorReasonField(_ report: Report) -> InputDialogController? {
        guard let desk = allowing({ $0.refusal(toEnterInError: report) }) else { return nil }
        return InputDialogController(title: tr("Report #\(report.id) entered in error"), purpose: .errorReason(report))
        {
            field, _ in
            do throws(ReportRefusal) {
                let reason = try desk.checkReason(field.field.text, for: .enterInError)
                return .replace(with: enterInErrorQuestion(report, reason: reason, on: desk))
            } catch {
                return field.refuse(error.description)
            }
        }
    }

    /// The question after the reason: only y marks it.
    private func enterInErrorQuestion(_ report: Report, reason: String, on desk: ReportDesk) -> ConfirmDialogController
    {
        ConfirmDialogController(
            title: tr("Mark report #\(report.id) entered in error?"),
            message: tr(
                "It is kept with its audio and history and exported as entered in error, but it changes no more and the list leaves it out (a shows it). Reason: \(reason)"
            ),
            action: .enterInError(report.id, reason: reason)
        ) {
            enterInError(report.id, reason: reason, on: desk)
            return .close
        }
    }

    private func enterInError(_ id: Int64, reason: String, on desk: ReportDesk) {
        screen.run { [weak screen] in
            do throws(ReportRefusal) {
                let marked = try await desk.enterInError(id, reason: reason)
                guard let screen else { return }
                screen.show(marked)
                screen.reloadReports()
                screen.notifier.info(
                    tr("Report #\(id) is entered in error: kept, and left out of the list (a shows it)."))
            } catch {
                screen?.notifier.warning(error.description)
            }
        }
    }

    /// The desk, when it allows a step before its question is asked; nil, saying why, when it does not.
    private func allowing(_ refusal: (ReportDesk) -> ReportRefusal?) -> ReportDesk? {
        guard let desk = screen.desk else {
            notifier.error(tr("Reports cannot be changed in this build."))
            return nil
        }
        if let refused = refusal(desk) {
            notifier.warning(refused.description)
            return nil
        }
        return desk
    }

    /// `x`: asks in which format, then writes the report into the private export directory: the text
    /// with its header (a draft marked as one), FHIR, or every field as JSON.
    func export(_ report: Report) -> KeyOutcome {
        let title =
            report.status.isSigned
            ? tr("Export report #\(report.id) as") : tr("Export report #\(report.id) (a draft, not signed) as")
        return .open(
            PickerDialogController(
                title: title, options: ReportFiles.options(for: report),
                selection: 0, purpose: .export(report.id)
            ) { [unowned screen] value in
                guard let format = ReportExportFormat(rawValue: value) else { return .close }
                write(report, as: format, on: screen)
                return .close
            })
    }

    private func write(_ report: Report, as format: ReportExportFormat, on screen: ScreenModel) {
        let store = screen.services.reports
        let directory = screen.services.exportDirectory
        let workTypes = screen.services.workTypes
        screen.run { [weak screen] in
            let revisions = (try? await store?.revisions(id: report.id)) ?? []
            let events = (try? await store?.events(id: report.id)) ?? []
            do {
                let url = try ReportFiles.write(
                    report, as: format, revisions: revisions, events: events, workTypes: workTypes, to: directory)
                screen?.notifier.info(
                    report.status.isSigned
                        ? tr("Report #\(report.id) exported to \(url.path).")
                        : tr("Report #\(report.id) exported to \(url.path), marked as a draft."))
            } catch {
                screen?.notifier.error(tr("Report #\(report.id) could not be exported to \(directory.path)."))
            }
        }
    }
}
