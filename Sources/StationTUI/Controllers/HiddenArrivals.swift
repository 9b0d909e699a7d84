import Localization
import StationCore

/// The order of every report list, as the stores sort it: urgent first, then the newest.
enum ReportOrder {
    static func before(_ a: Report, _ b: Report) -> Bool {
        let (aUrgent, bUrgent) = (a.properties.priority == .urgent, b.properties.priority == .urgent)
        if aUrgent != bUrgent { return aUrgent }
        if a.created != b.created { return a.created > b.created }
        return a.id > b.id
    }
}

/// A kept search or filter must not hide a report that just came: the list says how many it leaves
/// out and what Esc does about it.
extension ReportListController {
    /// Whether a search or a filter keeps reports out of the list.
    var isNarrowed: Bool { !searchQuery.isEmpty || !filters.words.isEmpty }

    /// "1 new report outside the search — Esc clears it", or nil when none came.
    var hiddenArrivalsNotice: String? {
        let count = hiddenArrivals.count
        guard count > 0, isNarrowed else { return nil }
        if !searchQuery.isEmpty {
            return tr(
                count, one: "\(count) new report outside the search — Esc clears it",
                other: "\(count) new reports outside the search — Esc clears it")
        }
        let filters = filters.words.joined(separator: ", ")
        return tr(
            count, one: "\(count) new report outside the filters (\(filters)) — Esc shows every report",
            other: "\(count) new reports outside the filters (\(filters)) — Esc shows every report")
    }

    /// Esc on the main screen: clears the search, or else turns the filters off; returns whether
    /// anything was cleared.
    func clearNarrowing() -> Bool {
        if !searchQuery.isEmpty {
            searchQuery = ""
            selectFirst()
            reload()
            return true
        }
        guard !filters.words.isEmpty else { return false }
        clearFilters()
        return true
    }
}
