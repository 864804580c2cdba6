#if os(macOS) || os(Linux)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import AuthDomain
    import Foundation

    /// Opens a URL in the desktop's browser without putting it on a command line: the URL, which
    /// carries the loopback port, the `state` and the PKCE challenge, goes into a ``BrowserPage`` (a
    /// file only this user can read, in a directory only this user can enter) that sends the browser
    /// on, and the browser is started with that file's path. Any local user can read a process's
    /// arguments (`/proc/PID/cmdline`, `ps`); they see a path they cannot open.
    ///
    /// The program is the first word of `$BROWSER`, else `xdg-open` (Linux) or `open` (macOS).
    ///
    /// ```swift
    /// let listener = LoopbackRedirectListener(timeout: .seconds(300), browser: SystemBrowser())
    /// ```
    public struct SystemBrowser: Sendable {
        private let environment: [String: String]
        private let temporaryDirectory: URL

        /// Creates a launcher.
        /// - Parameters:
        ///   - environment: Where `BROWSER` and `PATH` are read.
        ///   - temporaryDirectory: Where the page's private directory is made.
        public init(
            environment: [String: String] = ProcessInfo.processInfo.environment,
            temporaryDirectory: URL = FileManager.default.temporaryDirectory
        ) {
            self.environment = environment
            self.temporaryDirectory = temporaryDirectory
        }

        /// Checks the URL (``BrowserURL``), writes its page and starts the browser on it.
        /// - Parameter url: The URL to open.
        /// - Returns: The page, to ``BrowserPage/remove()`` once the browser has come back.
        /// - Throws: ``AuthError/invalidInput(_:)`` for a URL no browser should get, or when no
        ///   program to start is found or it cannot start; the page is removed then.
        @discardableResult
        public func open(_ url: URL) throws(AuthError) -> BrowserPage {
            let page = try BrowserPage.write(redirectingTo: BrowserURL.checked(url), in: temporaryDirectory)
            do throws(AuthError) {
                try launch(page.file)
            } catch {
                page.remove()
                throw error
            }
            return page
        }

        /// The program's path.
        private var program: String? {
            #if os(macOS)
                let fallback = "open"
            #else
                let fallback = "xdg-open"
            #endif
            let command = environment["BROWSER"].flatMap { $0.split(separator: " ").first.map(String.init) } ?? fallback
            if command.contains("/") { return command }
            return (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(command)" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        private func launch(_ file: URL) throws(AuthError) {
            guard let program else { throw .invalidInput("no browser to start: set BROWSER, or install xdg-open") }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = [file.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { throw .invalidInput("cannot start \(program): \(error.localizedDescription)") }
        }
    }
#endif
