#if os(Linux)
    import Glibc
    import AuthData
    import AuthDomain
    import AuthTestSupport
    import Foundation
    import Testing

    /// The browser is started with the path of a private page, never with the authorization URL:
    /// another local user reads a process's arguments (`/proc/PID/cmdline`), not a 0600 file in a
    /// 0700 directory. The "browser" here is a script that records its own `/proc/$$/cmdline`.
    @Suite("System browser hand-off", .timeLimit(.minutes(5)))
    struct SystemBrowserTests {
        private static let secretURL = URL(
            string: "http://127.0.0.1:54321/auth/v1/authorize?provider=apple&state=STATE-SECRET"
                + "&code_challenge=CHALLENGE-SECRET&redirect_to=http%3A%2F%2F127.0.0.1%3A40999%2Fcallback%3Fx%3D1%26y%3D%22")!

        private func makeSUT() throws -> (browser: SystemBrowser, record: URL, root: URL) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("system-browser-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let record = root.appendingPathComponent("record")
            let script = root.appendingPathComponent("browser.sh")
            let body = """
                #!/bin/sh
                tr '\\000' ' ' < /proc/$$/cmdline > "\(record.path).tmp"
                echo >> "\(record.path).tmp"
                stat -c %a "$1" >> "\(record.path).tmp"
                stat -c %a "$(dirname "$1")" >> "\(record.path).tmp"
                cat "$1" >> "\(record.path).tmp"
                mv "\(record.path).tmp" "\(record.path)"
                """
            // Through a descriptor closed on `exec` (`AtomicFile`): a file still open for writing
            // cannot be executed (`ETXTBSY`), and Foundation's `Data.write` opens without
            // `O_CLOEXEC`, so every child another test started meanwhile kept the script open for
            // writing; once, under load, the browser could not be started.
            try AtomicFile.write(Data(body.utf8), to: script, mode: 0o700)
            let browser = SystemBrowser(environment: ["BROWSER": script.path, "PATH": "/usr/bin:/bin"], temporaryDirectory: root)
            return (browser, record, root)
        }

        @Test("the browser's command line holds no port, state or challenge; the page is 0600 in a 0700 directory and sends it on")
        func commandLineHoldsNoSecret() async throws {
            let sut = try makeSUT()
            defer { try? FileManager.default.removeItem(at: sut.root) }
            let page = try sut.browser.open(Self.secretURL)
            #expect(await poll(timeout: .seconds(20)) { FileManager.default.fileExists(atPath: sut.record.path) })
            let lines = try String(contentsOf: sut.record, encoding: .utf8).components(separatedBy: "\n")
            let commandLine = lines[0]
            #expect(commandLine.contains(page.file.path))
            for secret in ["STATE-SECRET", "CHALLENGE-SECRET", "54321", "40999", "authorize"] { #expect(!commandLine.contains(secret)) }
            #expect(lines[1] == "600")
            #expect(lines[2] == "700")
            let html = lines.dropFirst(3).joined(separator: "\n")
            #expect(
                html.contains(
                    "http-equiv=\"refresh\" content=\"0;url=http://127.0.0.1:54321/auth/v1/authorize?provider=apple&amp;state=STATE-SECRET")
            )
            #expect(!html.contains("\"%22") && !html.contains("x%3D1%26y%3D\"\""))
            page.remove()
            #expect(!FileManager.default.fileExists(atPath: page.directory.path))
        }

        @Test("another user (nobody, when the test runs as root) cannot read the page the browser was given")
        func otherUserCannotReadPage() async throws {
            guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
            let sut = try makeSUT()
            defer { try? FileManager.default.removeItem(at: sut.root) }
            #expect(chmod(sut.root.path, 0o755) == 0, "the parent is open, as /tmp is")
            let page = try sut.browser.open(Self.secretURL)
            defer { page.remove() }
            let attacker = Process()
            attacker.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            attacker.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/cat", page.file.path]
            let output = Pipe()
            attacker.standardOutput = output
            attacker.standardError = FileHandle.nullDevice
            try attacker.run()
            let read = output.fileHandleForReading.readDataToEndOfFile()
            attacker.waitUntilExit()
            #expect(attacker.terminationStatus != 0)
            #expect(!String(decoding: read, as: UTF8.self).contains("STATE-SECRET"))
        }

        @Test("a URL no browser should get starts nothing and leaves no page")
        func refusedURLStartsNothing() async throws {
            let sut = try makeSUT()
            defer { try? FileManager.default.removeItem(at: sut.root) }
            #expect(throws: AuthError.self) { _ = try sut.browser.open(URL(string: "file:///etc/passwd")!) }
            try await Task.sleep(for: .milliseconds(200))
            #expect(!FileManager.default.fileExists(atPath: sut.record.path))
            let left = try FileManager.default.contentsOfDirectory(atPath: sut.root.path).filter { $0.hasPrefix("login-browser-") }
            #expect(left.isEmpty)
        }

        @Test("the listener started on a browser removes the page when the sign-in ends")
        func listenerRemovesPage() async throws {
            let sut = try makeSUT()
            defer { try? FileManager.default.removeItem(at: sut.root) }
            let attempt = try await LoopbackRedirectListener(timeout: .seconds(60), browser: sut.browser).begin()
            let redirect = attempt.redirectURI.absoluteString
            let visitor = Task {
                _ = await poll(timeout: .seconds(20)) { FileManager.default.fileExists(atPath: sut.record.path) }
                _ = try await LoopbackRedirectListenerTests.send("GET", URL(string: redirect + "?code=c&state=s")!)
            }
            _ = try await attempt.complete(opening: Self.secretURL, expectedState: "s")
            try await visitor.value
            let left = try FileManager.default.contentsOfDirectory(atPath: sut.root.path).filter { $0.hasPrefix("login-browser-") }
            #expect(left.isEmpty)
        }
    }
#endif
