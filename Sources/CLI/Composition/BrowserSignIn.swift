import AuthData
import Foundation

/// How a `--browser` sign-in shows its URL: always printed on stderr (stdout stays clean for
/// `--json`), and, unless `--no-open`, handed to `$BROWSER`, `xdg-open` or `open` through a
/// private page (``SystemBrowser``), never on the browser's command line.
struct BrowserSignIn: Sendable {
    let launch: Bool
    let timeout: Duration
    let json: Bool

    /// The loopback listener the browser comes back to.
    var session: LoopbackRedirectListener {
        let announce: @Sendable (URL) async -> Void = { [timeout] url in
            FileHandle.standardError.write(
                Data("Open this URL in a browser to sign in (waiting up to \(timeout.components.seconds) s):\n\(url.absoluteString)\n".utf8)
            )
        }
        return launch
            ? LoopbackRedirectListener(timeout: timeout, browser: SystemBrowser(), announce: announce)
            : LoopbackRedirectListener(timeout: timeout, open: announce)
    }
}
