import AuthDomain
import Foundation

/// The check every URL passes before it reaches a browser: an `http` or `https` URL with a host,
/// no user information, no backslash, space or control character, re-serialised from its parsed
/// parts, so that what the browser gets is what was checked. A server's answer cannot become a
/// browser option (`--gpu-launcher=…`, `-new-instance`), a `file:` or a `javascript:` URL.
///
/// ```swift
/// let safe = try BrowserURL.checked(start.authorizationURL)
/// ```
public enum BrowserURL {
    /// The most a URL handed to a browser may be.
    public static let maximumLength = 8 * 1024

    /// Checks a URL and rebuilds it from its parts.
    /// - Parameter url: The URL to open.
    /// - Returns: The same URL, re-serialised.
    /// - Throws: ``AuthError/invalidInput(_:)`` naming what is wrong (never the whole URL, which
    ///   carries a `state` and a PKCE challenge).
    public static func checked(_ url: URL) throws(AuthError) -> URL {
        try checked(url.absoluteString)
    }

    /// Checks a URL as written (before any parser could encode or drop a character) and
    /// rebuilds it from its parts.
    /// - Parameter text: The URL to open.
    /// - Returns: The URL, re-serialised.
    /// - Throws: ``AuthError/invalidInput(_:)`` naming what is wrong.
    public static func checked(_ text: String) throws(AuthError) -> URL {
        guard text.utf8.count <= maximumLength else { throw refusal("is longer than \(maximumLength) bytes") }
        guard !text.hasPrefix("-") else { throw refusal("starts with '-'") }
        guard !text.unicodeScalars.contains(where: { $0 == "\\" || $0.value <= 0x20 || $0.value == 0x7F || !$0.isASCII }) else {
            throw refusal("holds a backslash, a space, a control or a non-ASCII character")
        }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else {
            throw refusal("does not parse")
        }
        guard scheme == "http" || scheme == "https" else { throw refusal("has the scheme \(scheme.prefix(16)), not http or https") }
        guard let host = parts.percentEncodedHost, !host.isEmpty, !host.contains("%") else {
            throw refusal("has no host, or a percent-encoded one")
        }
        guard parts.percentEncodedUser == nil, parts.percentEncodedPassword == nil else { throw refusal("carries user information") }
        var rebuilt = URLComponents()
        rebuilt.scheme = scheme
        rebuilt.percentEncodedHost = host.lowercased()
        rebuilt.port = parts.port
        rebuilt.percentEncodedPath = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        rebuilt.percentEncodedQuery = parts.percentEncodedQuery
        rebuilt.percentEncodedFragment = parts.percentEncodedFragment
        guard let result = rebuilt.url, result.absoluteString.hasPrefix(scheme + "://") else { throw refusal("does not re-serialise") }
        return result
    }

    private static func refusal(_ reason: String) -> AuthError {
        .invalidInput("the URL to open in a browser \(reason)")
    }
}
