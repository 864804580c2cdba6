import AuthData
import Foundation

/// How the console writes values: times, counts, the pager, forms and tables.
enum ConsoleFormat {
    /// A time in UTC (the pages say so once), machine-readable in `datetime`; `placeholder` when
    /// there is none.
    static func time(_ date: Date?, placeholder: String = "—") -> HTML {
        guard let date else { return "\(placeholder)" }
        let iso = date.formatted(.iso8601)
        return "<time datetime=\"\(iso)\">\(iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: ""))</time>"
    }

    /// A count with thousands separators (`10,000`).
    static func count(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// `yes` or `no`.
    static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

    /// A path with a query, its values escaped (empty values left out).
    static func link(_ path: String, _ query: [(String, String)]) -> String {
        let fields = query.filter { !$0.1.isEmpty }
        return fields.isEmpty ? path : path + "?" + FormEncoding.encode(fields)
    }

    /// The hidden field with the console's form token.
    static func tokenField(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"\(ConsoleGate.tokenField)\" value=\"\(token)\">"
    }

    /// A button that posts a form to `action` with the console's token.
    /// - Parameters:
    ///   - label: The button's text.
    ///   - action: Where the form goes.
    ///   - token: The console's form token.
    ///   - fields: More hidden fields.
    ///   - name: What a screen reader says, when the text alone is ambiguous (a button per row).
    ///   - danger: Whether it destroys something.
    static func postButton(
        _ label: String, action: String, token: String, fields: [(String, String)] = [], name: String? = nil,
        danger: Bool = false
    ) -> HTML {
        let hidden = fields.map { name, value -> HTML in "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">" }
        let style: HTML = danger ? "danger small" : "secondary small"
        let accessibleName: HTML = name.map { " aria-label=\"\($0)\"" } ?? ""
        return """
            <form class="inline" method="post" action="\(action)">\(tokenField(token))\(hidden)\
            <button class="\(style)" type="submit"\(accessibleName)>\(label)</button></form>
            """
    }

    /// A table with a caption and column headers, in a region that scrolls sideways on a narrow
    /// screen (focusable, so the keyboard can scroll it too).
    static func table(id: String, caption: String, headers: [String], rows: [HTML]) -> HTML {
        let head = headers.map { header -> HTML in "<th scope=\"col\">\(header)</th>" }
        return """
            <div class="table-wrap" role="region" aria-labelledby="\(id)" tabindex="0">
            <table><caption id="\(id)">\(caption)</caption>
            <thead><tr>\(head)</tr></thead>
            <tbody>
            \(rows)</tbody></table></div>
            """
    }

    /// "1–50 of 10,000" and links to the first, previous, next and last pages.
    /// - Parameters:
    ///   - page: The page shown.
    ///   - path: The list's path.
    ///   - query: The list's other query fields (the search).
    ///   - nouns: What a row is, and what rows are.
    static func pager<Row>(_ page: ConsolePage<Row>, path: String, query: [(String, String)], nouns: (one: String, many: String)) -> HTML {
        let request = page.request
        let perPage = request.limit == ConsolePageRequest.defaultLimit ? "" : String(request.limit)
        func target(_ number: Int) -> String {
            link(path, query + [("page", number == 1 ? "" : String(number)), ("per_page", perPage)])
        }
        let noun = page.total == 1 ? nouns.one : nouns.many
        let summary =
            page.rows.isEmpty
            ? "none of \(count(page.total)) \(noun)"
            : "\(count(request.offset + 1))–\(count(request.offset + page.rows.count)) of \(count(page.total)) \(noun)"
        var links: [HTML] = []
        if request.number > 1 {
            links.append("<a href=\"\(target(1))\">First</a>")
            links.append("<a href=\"\(target(min(request.number - 1, page.pageCount)))\" rel=\"prev\">Previous</a>")
        }
        if request.number < page.pageCount {
            links.append("<a href=\"\(target(request.number + 1))\" rel=\"next\">Next</a>")
            links.append("<a href=\"\(target(page.pageCount))\">Last</a>")
        }
        return """
            <nav class="pager" aria-label="Pages of \(nouns.many)"><span>\(summary) · page \(count(request.number)) of\
             \(count(page.pageCount))</span>\(links)</nav>
            """
    }

    /// The message for a `done` value, in a status region; nothing for an unknown value.
    static func flash(_ done: String?) -> HTML {
        guard let done, let message = ConsoleAction.doneMessages[done] else { return "" }
        return "<p class=\"flash\" role=\"status\">\(message)</p>"
    }
}
