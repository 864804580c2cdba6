import AuthDomain
import Foundation

/// ``WebAuthenticationSession`` for desktops, the CLI and tests: the loopback interface
/// redirection of RFC 8252 §7.3.
///
/// ``begin()`` binds `127.0.0.1` on a free port (or the one given) and the redirect URI is
/// `http://127.0.0.1:PORT/callback`. ``WebAuthenticationAttempt/complete(opening:expectedState:)``
/// checks the authorization URL (``BrowserURL``), hands it to `open` (a browser), then waits, up
/// to `timeout`, for this sign-in's request on that path: a `GET` with the answer in its query,
/// or a `POST` form (`response_mode=form_post`, as Apple answers), whose fields become query
/// items. Any local process can reach the port, so a request is this sign-in's only when it
/// carries its `state`: one without it gets 400 and is never read further (its `error` cannot end
/// the sign-in), and the wait goes on until the deadline; requests on other paths (a browser's
/// `/favicon.ico`) get 404. This sign-in's request gets a short page telling the user to return
/// to the app, and the socket is closed. Only the loopback interface is bound.
///
/// ```swift
/// let session = LoopbackRedirectListener(timeout: .seconds(300), browser: SystemBrowser())
/// ```
public struct LoopbackRedirectListener: WebAuthenticationSession {
    /// Shows the checked URL; what it returns is removed when the wait ends.
    typealias Opener = @Sendable (URL) async throws(AuthError) -> BrowserPage?

    private let port: UInt16
    private let path: String
    private let timeout: Duration
    private let open: Opener

    /// Creates a listener.
    /// - Parameters:
    ///   - port: The port to bind; 0 picks a free one.
    ///   - path: The redirect path.
    ///   - timeout: How long to wait for the browser to come back.
    ///   - open: Shows the authorization URL, already checked by ``BrowserURL`` (prints it, or
    ///     drives a test browser). To start a desktop browser, use `init(port:path:timeout:browser:)`,
    ///     which keeps the URL off every command line.
    public init(
        port: UInt16 = 0, path: String = "/callback", timeout: Duration = .seconds(300), open: @escaping @Sendable (URL) async -> Void
    ) {
        self.init(port: port, path: path, timeout: timeout) { url throws(AuthError) in
            await open(url)
            return nil
        }
    }

    init(port: UInt16, path: String, timeout: Duration, opener: @escaping Opener) {
        self.port = port
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.timeout = timeout
        self.open = opener
    }

    /// Binds the loopback port.
    /// - Returns: The attempt, with `http://127.0.0.1:PORT/<path>` as its redirect URI.
    /// - Throws: ``AuthError/network(_:)`` when the port cannot be bound.
    public func begin() async throws(AuthError) -> any WebAuthenticationAttempt {
        let socket = try RedirectListenerSocket.listen(port: port)
        guard let redirect = URL(string: "http://127.0.0.1:\(socket.port)\(path)") else {
            socket.close()
            throw .invalidInput("the redirect path \(path) does not make a URL")
        }
        return LoopbackAttempt(socket: socket, redirectURI: redirect, path: path, timeout: timeout, open: open)
    }
}

/// One listening socket waiting for its one redirect.
private struct LoopbackAttempt: WebAuthenticationAttempt {
    let socket: RedirectListenerSocket
    let redirectURI: URL
    let path: String
    let timeout: Duration
    let open: LoopbackRedirectListener.Opener

    func complete(opening url: URL, expectedState: String) async throws(AuthError) -> URL {
        defer { socket.close() }
        let page = try await open(BrowserURL.checked(url))
        defer { page?.remove() }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if Task.isCancelled { throw .cancelled }
            guard let client = socket.accept() else {
                do { try await Task.sleep(for: .milliseconds(20)) } catch { throw .cancelled }
                continue
            }
            defer { client.close() }
            guard let request = await client.readRequest(deadline: min(deadline, ContinuousClock.now + .seconds(10))) else { continue }
            guard let callback = request.callbackURL(base: redirectURI, path: path) else {
                client.write(HTTPPage.notFound)
                continue
            }
            let answer = OAuthCallback(url: callback)
            guard answer.carries(state: expectedState) else {
                client.write(HTTPPage.otherSignIn)
                continue
            }
            client.write(answer["error"] == nil ? HTTPPage.done : HTTPPage.refused)
            return callback
        }
        throw .network(
            "timed out after \(Int(timeout.components.seconds)) s waiting for the browser to come back to \(redirectURI.absoluteString)")
    }
}

/// The pages the listener answers with.
private enum HTTPPage {
    static let done = page(200, "Signed in", "You can close this window and return to the app.")
    static let refused = page(200, "Not signed in", "The sign-in did not complete. You can close this window and return to the app.")
    static let notFound = page(404, "Not found", "This address only receives the sign-in redirect.")
    static let otherSignIn = page(400, "Not this sign-in", "This answer does not belong to the sign-in waiting here.")

    private static func page(_ status: Int, _ title: String, _ text: String) -> [UInt8] {
        let body =
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body><main><h1>\(title)</h1><p>\(text)</p></main></body></html>"
        let reason = [200: "OK", 400: "Bad Request"][status] ?? "Not Found"
        let head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        return Array((head + body).utf8)
    }
}
