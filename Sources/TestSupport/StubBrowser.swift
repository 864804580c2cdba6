import AuthData
import AuthDomain
import Foundation

/// A ``WebAuthenticationSession`` double: a "browser" whose person answers each authorization
/// URL with a redirect the test writes, and which records what it was shown.
public final class StubBrowser: WebAuthenticationSession {
    /// What the person does, given the authorization URL and the redirect URI.
    public typealias Person = @Sendable (_ authorizationURL: URL, _ redirectURI: URL) throws(AuthError) -> URL

    private let person: Person
    private let shown = Locked<[URL]>([])
    /// The redirect URI of every attempt.
    public let redirectURI = URL(string: "http://127.0.0.1:1/callback")!

    /// Creates a browser.
    /// - Parameter person: The answer to each authorization URL.
    public init(person: @escaping Person) { self.person = person }

    /// A person who approves: back to the redirect URI with `code` and the URL's `state`, plus
    /// extra fields (Apple's `user`).
    /// - Parameter extra: More query items.
    /// - Returns: The browser.
    public static func approving(code: String = "code-1", extra: [String: String] = [:]) -> StubBrowser {
        StubBrowser { authorizationURL, redirectURI throws(AuthError) in
            let state = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?
                .value
            var components = URLComponents(url: redirectURI, resolvingAgainstBaseURL: false)!
            components.queryItems =
                [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
                + extra.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            return components.url!
        }
    }

    /// Every authorization URL shown, in order.
    public var shownURLs: [URL] { shown.current }

    public func begin() async throws(AuthError) -> any WebAuthenticationAttempt {
        Attempt(browser: self)
    }

    private struct Attempt: WebAuthenticationAttempt {
        let browser: StubBrowser
        var redirectURI: URL { browser.redirectURI }

        func complete(opening url: URL, expectedState: String) async throws(AuthError) -> URL {
            browser.shown.withLock { $0.append(url) }
            return try browser.person(url, redirectURI)
        }
    }
}
