import Foundation

/// An HTTP/1.1 request as the loopback listener reads it: method, target, headers, body.
struct LoopbackRequest: Sendable {
    /// A read so far.
    enum Parse {
        case complete(LoopbackRequest)
        case incomplete
        case invalid
    }

    let method: String
    let target: String
    let headers: [String: String]
    let body: [UInt8]

    /// Parses what has been read.
    /// - Parameter bytes: The bytes so far.
    /// - Returns: The request, a need for more bytes, or a refusal (malformed, or over the caps).
    static func parse(_ bytes: [UInt8]) -> Parse {
        let terminator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.firstRange(of: terminator) else {
            return bytes.count > RedirectListenerSocket.maximumHead ? .invalid : .incomplete
        }
        guard end.lowerBound <= RedirectListenerSocket.maximumHead else { return .invalid }
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return .invalid }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .invalid }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].map { Int($0) } ?? 0
        guard let length, (0...RedirectListenerSocket.maximumBody).contains(length) else { return .invalid }
        let body = bytes[end.upperBound...]
        guard body.count >= length else { return .incomplete }
        return .complete(
            LoopbackRequest(
                method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: Array(body.prefix(length))))
    }

    /// The redirect this request is, as a URL on `base`: the query of a `GET`, or the fields of a
    /// form `POST` as query items.
    /// - Parameters:
    ///   - base: The redirect URI.
    ///   - path: The redirect path.
    /// - Returns: The URL, or `nil` when the request is not the redirect.
    func callbackURL(base: URL, path: String) -> URL? {
        let (requestPath, query) =
            target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) }
            ?? (target, "")
        guard requestPath == path else { return nil }
        var parts = query.isEmpty ? [] : [query]
        switch method {
        case "GET":
            break
        case "POST":
            guard headers["content-type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else { return nil }
            let form = String(decoding: body, as: UTF8.self)
            if !form.isEmpty { parts.append(form) }
        default:
            return nil
        }
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        if !parts.isEmpty {
            // Through a parser first: bytes a URL cannot hold make this no redirect, never a trap.
            guard let parsed = URLComponents(string: "http://127.0.0.1/?" + parts.joined(separator: "&")) else { return nil }
            components?.percentEncodedQuery = parsed.percentEncodedQuery
        }
        return components?.url
    }
}
