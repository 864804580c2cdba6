import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A browser for tests at the HTTP level: it loads a page, following redirects, and submits
/// one of its forms with the page's hidden fields plus what the "person" types, as a browser
/// does when a button is pressed. It reads forms with a small scanner (the emulator's own
/// pages, which it writes itself); the Chromium tests in Tests/Browser drive the same pages in a
/// real browser.
public struct ScriptedBrowser: Sendable {
    /// A loaded page.
    public struct Page: Sendable {
        /// Where it was loaded from, after redirects.
        public let url: URL
        /// The status.
        public let status: Int
        /// The HTML.
        public let html: String

        /// The forms on the page, in order: action, method, and hidden fields.
        public var forms: [(action: String, method: String, fields: [(String, String)])] {
            var forms: [(String, String, [(String, String)])] = []
            var rest = html[...]
            while let start = rest.range(of: "<form "), let end = rest[start.upperBound...].range(of: "</form>") {
                let tag = rest[start.lowerBound..<(rest[start.upperBound...].firstIndex(of: ">") ?? end.lowerBound)]
                let body = rest[start.upperBound..<end.lowerBound]
                var fields: [(String, String)] = []
                var inputs = body[...]
                while let input = inputs.range(of: "<input type=\"hidden\""), let close = inputs[input.upperBound...].firstIndex(of: ">") {
                    let element = inputs[input.lowerBound..<close]
                    if let name = Self.attribute("name", in: element), let value = Self.attribute("value", in: element) {
                        fields.append((name, value))
                    }
                    inputs = inputs[close...]
                }
                forms.append((Self.attribute("action", in: tag) ?? "", Self.attribute("method", in: tag) ?? "get", fields))
                rest = rest[end.upperBound...]
            }
            return forms
        }

        private static func attribute(_ name: String, in element: Substring) -> String? {
            guard let start = element.range(of: " \(name)=\"") else { return nil }
            let value = element[start.upperBound...].prefix { $0 != "\"" }
            return String(value)
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    public init() {}

    /// Loads a URL (GET), following redirects.
    public func open(_ url: URL) async throws -> Page {
        try await load(URLRequest(url: url, timeoutInterval: 15))
    }

    /// Submits the form at `index` with its hidden fields and `typed` ones (a pressed button's
    /// `name=value` included), following redirects.
    /// - Parameters:
    ///   - page: The page.
    ///   - index: Which form.
    ///   - typed: What the person typed, and the pressed button's name and value.
    ///   - formAction: The pressed button's `formaction` (it then posts there).
    /// - Returns: The page the submission leads to.
    public func submit(_ page: Page, form index: Int = 0, typed: [(String, String)], formAction: String? = nil) async throws -> Page {
        let form = page.forms[index]
        let target = URL(string: formAction ?? form.action, relativeTo: page.url)?.absoluteURL ?? page.url
        let body = (form.fields + typed).map { Self.escape($0.0) + "=" + Self.escape($0.1) }.joined(separator: "&")
        if formAction == nil, form.method.lowercased() == "get" {
            var components = URLComponents(url: target, resolvingAgainstBaseURL: false)!
            components.percentEncodedQuery = body
            return try await open(components.url!)
        }
        var request = URLRequest(url: target, timeoutInterval: 15)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        return try await load(request)
    }

    private func load(_ request: URLRequest) async throws -> Page {
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        let http = response as? HTTPURLResponse
        return Page(url: http?.url ?? request.url!, status: http?.statusCode ?? 0, html: String(decoding: data, as: UTF8.self))
    }

    private static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
