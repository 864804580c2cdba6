/// Which slice of a long list a console page shows: `?page=` (from 1) and `?per_page=`.
struct ConsolePageRequest: Sendable, Equatable {
    /// Rows per page unless the query says otherwise.
    static let defaultLimit = 50
    /// The most rows a page shows.
    static let maximumLimit = 500

    /// How many rows come before the page.
    let offset: Int
    /// How many rows the page shows at most.
    let limit: Int

    /// A slice.
    /// - Parameters:
    ///   - offset: Rows before the page.
    ///   - limit: Rows on the page.
    init(offset: Int, limit: Int) {
        self.offset = max(offset, 0)
        self.limit = min(max(limit, 1), Self.maximumLimit)
    }

    /// Reads `page` and `per_page` from a query; a missing or malformed value takes its default.
    /// - Parameter query: The request's query.
    init(query: [String: String]) {
        let limit = min(max(query["per_page"].flatMap(Int.init) ?? Self.defaultLimit, 1), Self.maximumLimit)
        let page = min(max(query["page"].flatMap(Int.init) ?? 1, 1), 1_000_000)
        self.init(offset: (page - 1) * limit, limit: limit)
    }

    /// The page's number, from 1.
    var number: Int { offset / limit + 1 }
}
