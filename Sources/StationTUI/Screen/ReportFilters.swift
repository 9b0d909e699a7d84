import StationCore

/// The filters of the report list a care worker flips between: only mine, only unsigned, only urgent,
/// and the reports entered in error too (left out unless asked for).
public struct ReportFilters: Sendable, Equatable {
    public var mine = false
    public var unsigned = false
    public var urgent = false
    public var enteredInError = false

    public init(mine: Bool = false, unsigned: Bool = false, urgent: Bool = false, enteredInError: Bool = false) {
        self.mine = mine
        self.unsigned = unsigned
        self.urgent = urgent
        self.enteredInError = enteredInError
    }

    /// The filters that are on, as the pane title shows them ("mine · unsigned").
    public var words: [String] {
        [
            mine ? "mine" : nil, unsigned ? "unsigned" : nil, urgent ? "urgent" : nil,
            enteredInError ? "in error too" : nil,
        ].compactMap { $0 }
    }
}

extension ScreenModel {
    /// What the list asks the store for: the search and the filters, "mine" meaning the station's author.
    var reportQuery: ReportQuery {
        ReportQuery(
            search: searchQuery.isEmpty ? nil : searchQuery, author: filters.mine ? station.author ?? "" : nil,
            unsignedOnly: filters.unsigned, urgentOnly: filters.urgent, includeEnteredInError: filters.enteredInError)
    }

    /// Turns one filter on or off and reloads the list from its top.
    func toggleFilter(_ filter: WritableKeyPath<ReportFilters, Bool>) {
        if filter == \.mine, station.author == nil, !filters.mine {
            notifier.warning("The station does not know who you are, so it cannot show only your reports.")
            return
        }
        filters[keyPath: filter].toggle()
        reportSelection = 0
        reportsTop = 0
        reloadReports()
    }
}
