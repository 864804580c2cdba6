/// One page of a long list, and where it sits in the whole.
struct ConsolePage<Row: Sendable>: Sendable {
    /// The rows of this page.
    var rows: [Row]
    /// How many rows the whole list has.
    var total: Int
    /// The slice asked for.
    var request: ConsolePageRequest

    /// How many pages the list has (at least one, even when empty).
    var pageCount: Int { max(1, (total + request.limit - 1) / request.limit) }
}
