extension DefaultStringInterpolation {
    /// Warns about `HTML` inside a plain `String` literal: without this overload it would print
    /// the value's debug description (`HTML(text: …)`), to be escaped as text when the string goes
    /// into a page. Make the literal an `HTML` instead (`let cell: HTML = "…"`). (Deprecated rather
    /// than unavailable: the compiler passes over an unavailable overload and picks the generic one.)
    @available(*, deprecated, message: "HTML interpolated into a String: make the literal HTML")
    mutating func appendInterpolation(_ html: HTML) { appendLiteral(html.text) }
}
