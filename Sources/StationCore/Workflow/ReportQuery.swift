/// Which reports a list shows: a search, and the filters a care worker flips between.
public struct ReportQuery: Sendable, Equatable {
    /// Words that must each begin a word of the text, the session name or the patient's name or id.
    public var search: String?
    /// Only the reports of this author ("mine").
    public var author: String?
    /// Only reports not signed yet (draft, corrected).
    public var unsignedOnly: Bool
    /// Only urgent reports.
    public var urgentOnly: Bool
    /// Reports entered in error too; lists leave them out unless asked.
    public var includeEnteredInError: Bool

    public init(
        search: String? = nil, author: String? = nil, unsignedOnly: Bool = false, urgentOnly: Bool = false,
        includeEnteredInError: Bool = false
    ) {
        self.search = search
        self.author = author
        self.unsignedOnly = unsignedOnly
        self.urgentOnly = urgentOnly
        self.includeEnteredInError = includeEnteredInError
    }
}
