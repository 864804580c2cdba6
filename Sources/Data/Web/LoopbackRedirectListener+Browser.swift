#if os(macOS) || os(Linux)
    import AuthDomain
    import Foundation

    extension LoopbackRedirectListener {
        /// Creates a listener that starts the desktop's browser on the authorization URL through a
        /// private page (``SystemBrowser``), so the URL, its `state` and its PKCE challenge are on no
        /// command line; the page is removed when the wait ends. A browser that cannot start leaves
        /// only what `announce` showed, and the wait goes on.
        /// - Parameters:
        ///   - port: The port to bind; 0 picks a free one.
        ///   - path: The redirect path.
        ///   - timeout: How long to wait for the browser to come back.
        ///   - browser: The launcher.
        ///   - announce: Told the checked URL first (the CLI prints it on stderr).
        public init(
            port: UInt16 = 0, path: String = "/callback", timeout: Duration = .seconds(300), browser: SystemBrowser,
            announce: @escaping @Sendable (URL) async -> Void = { _ in }
        ) {
            self.init(port: port, path: path, timeout: timeout) { url throws(AuthError) in
                await announce(url)
                return try? browser.open(url)
            }
        }
    }
#endif
