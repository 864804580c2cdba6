import ArgumentParser
import Foundation

/// `--browser` and `--no-open`: Apple and Google through the browser (the OAuth code flow with
/// PKCE, Docs/WebSignIn.md) instead of the simulated sheets.
struct BrowserOptions: ParsableArguments {
    @Flag(help: "Sign in through a browser (the OAuth code flow with PKCE), as on the web and Android; works against a real project too.")
    var browser = false

    @Flag(help: "With --browser: only print the URL to open, do not launch a browser.")
    var noOpen = false

    func validate() throws {
        if noOpen, !browser { throw ValidationError("--no-open goes with --browser") }
    }

    /// The browser sign-in these flags ask for, if any.
    /// - Parameter global: The global options (`--timeout`).
    /// - Returns: The sign-in, or `nil` without `--browser`.
    func signIn(_ global: GlobalOptions) -> BrowserSignIn? {
        browser ? BrowserSignIn(launch: !noOpen, timeout: global.browserTimeout, json: global.json) : nil
    }
}
