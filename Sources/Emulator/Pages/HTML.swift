/// HTML text that is safe by construction: a `String` interpolated into it is escaped (for text
/// and for quoted attribute values alike); only another `HTML` value is inserted as it is.
///
/// ```swift
/// let row: HTML = "<td>\(user.email)</td>"      // "<script>" shows as text
/// let page: HTML = "<tr>\(rows)</tr>"            // [HTML] joins without escaping
/// ```
struct HTML: ExpressibleByStringInterpolation, Sendable, Equatable {
    /// The markup.
    private(set) var text: String

    init(stringLiteral value: String) { text = value }

    init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    private init(raw: String) { text = raw }

    /// Markup from a trusted constant (CSS, a fixed fragment); never for data.
    static func trusted(_ markup: StaticString) -> HTML { HTML(raw: "\(markup)") }

    struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity * 2) }

        mutating func appendLiteral(_ literal: String) { text += literal }

        /// Text, escaped.
        mutating func appendInterpolation(_ value: String) { text += HTML.escape(value) }

        /// Text, escaped; `nil` is nothing.
        mutating func appendInterpolation(_ value: String?) { text += value.map(HTML.escape) ?? "" }

        /// A number.
        mutating func appendInterpolation(_ value: Int) { text += String(value) }

        /// Markup, as it is.
        mutating func appendInterpolation(_ html: HTML) { text += html.text }

        /// Markup fragments, joined.
        mutating func appendInterpolation(_ fragments: [HTML]) { text += fragments.map(\.text).joined() }
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in quoted
    /// attribute values; control characters other than tab and line breaks become U+FFFD.
    static func escape(_ value: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension EmulatorResponse {
    /// An HTML page (UTF-8), never cached, not to be framed.
    /// - Parameters:
    ///   - page: The document.
    ///   - status: The status.
    ///   - headers: More headers.
    ///   - fetchesSameOrigin: Whether the page's script may `fetch` this emulator's routes
    ///     (`connect-src 'self'`); no page may reach another origin.
    /// - Returns: The response.
    static func html(
        _ page: HTML, status: Int = 200, headers: [(String, String)] = [], fetchesSameOrigin: Bool = false
    ) -> EmulatorResponse {
        let connect = fetchesSameOrigin ? "connect-src 'self'; " : ""
        let policy =
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
            + "\(connect)img-src data:; frame-ancestors 'none'"
        return EmulatorResponse(
            status: status,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Frame-Options", "DENY"),
                ("Content-Security-Policy", policy), ("Referrer-Policy", "no-referrer"),
            ] + headers,
            body: Array(page.text.utf8))
    }
}
