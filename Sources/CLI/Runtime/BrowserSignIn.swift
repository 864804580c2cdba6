import ArgumentParser
import AuthData
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

/// How a `--browser` sign-in shows its URL: always printed on stderr (stdout stays clean for
/// `--json`), and, unless `--no-open`, handed to `$BROWSER` or `xdg-open`.
struct BrowserSignIn: Sendable {
    let launch: Bool
    let timeout: Duration
    let json: Bool

    /// The loopback listener the browser comes back to.
    var session: LoopbackRedirectListener {
        LoopbackRedirectListener(timeout: timeout) { [launch] url in
            FileHandle.standardError.write(Data("Open this URL in a browser to sign in (waiting up to \(timeout.components.seconds) s):\n\(url.absoluteString)\n".utf8))
            if launch { Self.open(url) }
        }
    }

    /// Starts `$BROWSER URL` (its first word is the program), else `xdg-open URL`, else nothing;
    /// a launcher that fails only leaves the printed URL.
    static func open(_ url: URL) {
        let environment = ProcessInfo.processInfo.environment
        let command = environment["BROWSER"].flatMap { $0.split(separator: " ").first.map(String.init) } ?? "xdg-open"
        let path = command.contains("/") ? command : (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
