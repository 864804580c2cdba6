import Foundation

/// Shows a URL in a browser and gives back the URL the browser is sent to at the end: the
/// OAuth authorization-code flow's front channel.
///
/// Adapters: `SystemWebAuthenticationSession` (`ASWebAuthenticationSession`) on Apple
/// platforms, and `LoopbackRedirectListener` (RFC 8252 §7.3: one request on
/// `http://127.0.0.1:PORT/…`, then closed) for desktops, the CLI and tests.
public protocol WebAuthenticationSession: Sendable {
    /// Prepares one sign-in: the adapter decides the redirect URI (a loopback listener binds its
    /// port here).
    /// - Returns: The attempt, which knows its redirect URI.
    /// - Throws: ``AuthError``: `providerUnavailable` when no browser flow is possible here.
    func begin() async throws(AuthError) -> any WebAuthenticationAttempt
}

/// One browser sign-in in progress.
public protocol WebAuthenticationAttempt: Sendable {
    /// Where the provider (or the backend) must send the browser back to.
    var redirectURI: URL { get }

    /// Opens `url` in the browser and waits for the redirect back.
    ///
    /// An adapter that can receive answers from others (a loopback listener, which any local
    /// process can reach) ignores every answer whose `state` is not `expectedState`, and keeps
    /// waiting for this sign-in's own.
    /// - Parameters:
    ///   - url: The authorization URL.
    ///   - expectedState: The `state` this sign-in's redirect carries.
    /// - Returns: The URL the browser came back to, with the answer in its query (a
    ///   `form_post` answer is turned into query items) or fragment.
    /// - Throws: ``AuthError``: `cancelled` when the user closed the browser sheet, `network`
    ///   when the wait timed out, `invalidInput` when `url` is not one to hand a browser.
    func complete(opening url: URL, expectedState: String) async throws(AuthError) -> URL
}
