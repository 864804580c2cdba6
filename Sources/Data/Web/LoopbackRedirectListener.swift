import AuthDomain
import Foundation

/// ``WebAuthenticationSession`` for desktops, the CLI and tests: the loopback interface
/// redirection of RFC 8252 §7.3.
///
/// ``begin()`` binds `127.0.0.1` on a free port (or the one given) and the redirect URI is
/// `http://127.0.0.1:PORT/callback`. ``WebAuthenticationAttempt/complete(opening:)`` hands the
/// authorization URL to `open` (a browser), then waits, up to `timeout`, for one request on that
/// path: a `GET` with the answer in its query, or a `POST` form (`response_mode=form_post`, as
/// Apple answers), whose fields become query items. That request gets a short page telling the
/// user to return to the app, and the socket is closed. Requests on other paths (a browser's
/// `/favicon.ico`) get 404 and the wait goes on. Only the loopback interface is bound.
///
/// ```swift
/// let session = LoopbackRedirectListener(timeout: .seconds(300)) { url in openInBrowser(url) }
/// ```
public struct LoopbackRedirectListener: WebAuthenticationSession {
    private let port: UInt16
    private let path: String
    private let timeout: Duration
    private let open: @Sendable (URL) async -> Void

    /// Creates a listener.
    /// - Parameters:
    ///   - port: The port to bind; 0 picks a free one.
    ///   - path: The redirect path.
    ///   - timeout: How long to wait for the browser to come back.
    ///   - open: Shows the authorization URL (launches a browser, prints it, or drives a test browser).
    public init(port: UInt16 = 0, path: String = "/callback", timeout: Duration = .seconds(300), open: @escaping @Sendable (URL) async -> Void) {
        self.port = port
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.timeout = timeout
        self.open = open
    }

    /// Binds the loopback port.
    /// - Returns: The attempt, with `http://127.0.0.1:PORT/<path>` as its redirect URI.
    /// - Throws: ``AuthError/network(_:)`` when the port cannot be bound.
    public func begin() async throws(AuthError) -> any WebAuthenticationAttempt {
        let socket = try LoopbackSocket.listen(port: port)
        guard let redirect = URL(string: "http://127.0.0.1:\(socket.port)\(path)") else {
            socket.close()
            throw .invalidInput("the redirect path \(path) does not make a URL")
        }
        return LoopbackAttempt(socket: socket, redirectURI: redirect, path: path, timeout: timeout, open: open)
    }
}

/// One listening socket waiting for its one redirect.
private struct LoopbackAttempt: WebAuthenticationAttempt {
    let socket: LoopbackSocket
    let redirectURI: URL
    let path: String
    let timeout: Duration
    let open: @Sendable (URL) async -> Void

    func complete(opening url: URL) async throws(AuthError) -> URL {
        defer { socket.close() }
        await open(url)
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
            client.write(OAuthCallback(url: callback)["error"] == nil ? HTTPPage.done : HTTPPage.refused)
            return callback
        }
        throw .network("timed out after \(Int(timeout.components.seconds)) s waiting for the browser to come back to \(redirectURI.absoluteString)")
    }
}

/// The pages the listener answers with.
private enum HTTPPage {
    static let done = page(200, "Signed in", "You can close this window and return to the app.")
    static let refused = page(200, "Not signed in", "The sign-in did not complete. You can close this window and return to the app.")
    static let notFound = page(404, "Not found", "This address only receives the sign-in redirect.")

    private static func page(_ status: Int, _ title: String, _ text: String) -> [UInt8] {
        let body = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body><main><h1>\(title)</h1><p>\(text)</p></main></body></html>"
        let reason = status == 200 ? "OK" : "Not Found"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        return Array((head + body).utf8)
    }
}
