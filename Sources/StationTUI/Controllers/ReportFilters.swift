import Localization
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
            mine ? tr("mine") : nil, unsigned ? tr("unsigned") : nil, urgent ? tr("urgent") : nil,
            enteredInError ? tr("in error too") : nil,
        ].compactMap { $0 }
    }
}
