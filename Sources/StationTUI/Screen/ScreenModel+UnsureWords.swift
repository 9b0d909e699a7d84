import StationCore

/// `w` and `W` in the report view: the words the decoder was unsure of, one after another.
extension ScreenModel {
    /// Reads the decoder's words of the open report (the list's reports come without them).
    func loadWords(of id: Int64) {
        guard let store = services.reports else { return }
        run { [weak self] in
            guard let stored = try? await store.report(id: id), let self, self.reportView?.report.id == id else {
                return
            }
            self.reportView?.words = stored.words
        }
    }

    /// Selects the next (or previous) unsure word after the one selected, else after the top of the view,
    /// and scrolls it into view; from the last one it goes round to the first.
    func jumpToUnsureWord(forward: Bool) {
        guard var view = reportView else { return }
        let marks = view.shownUnsure.marks
        guard !marks.isEmpty else {
            notifier.info(
                view.words.isEmpty
                    ? "This report has no word confidence from the decoder."
                    : "No word in this text is one the decoder was unsure of.")
            return
        }
        let rows = ReportTextRows(
            view.showOriginal ? view.report.originalText : view.report.text, width: max(1, layout.body.width - 2),
            measure: measure)
        let next: Int
        if let current = view.unsureSelection {
            next = (current + (forward ? 1 : marks.count - 1)) % marks.count
        } else if forward {
            next = marks.firstIndex { (rows.row(of: $0) ?? 0) >= view.scroll } ?? 0
        } else {
            next = marks.lastIndex { (rows.row(of: $0) ?? 0) < view.scroll } ?? marks.count - 1
        }
        view.unsureSelection = next
        // One row of context above the word.
        view.scroll = max(0, (rows.row(of: marks[next]) ?? 0) - 1)
        reportView = view
    }
}
