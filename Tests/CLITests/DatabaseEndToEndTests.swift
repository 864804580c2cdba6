import AuthData
import AuthTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state directory's database through the built `login`: nothing answered is lost to a
/// SIGKILL, processes on one database leave it whole, and a state directory of the version
/// before the database is taken up on first use.
@Suite("login: the database in the state directory")
struct DatabaseEndToEndTests {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/state-dir-0.2.0")

    @Test("a SIGKILL right after an answered sign-in loses nothing: the user and the session are there after the restart")
    func killAfterSignIn() async throws {
        let cli = try await LoginCLI.make()
        var server = try await cli.serve(sharingState: true).0
        let supabase = try await cli.json(["apple", "--email", "kill@example.com", "--name", "Kill Test"] + server.remote("supabase"))
        let firebase = try await cli.json(["anonymous", "--backend", "firebase"] + server.remote("firebase"))
        #expect(supabase["event"] as? String == "signedIn" && firebase["event"] as? String == "signedIn")
        await server.kill()

        // The same port: a remote session file is named after its endpoint.
        server = try await ServeProcess(runner: cli.runner, arguments: ["--state-dir", cli.state.path], port: server.port)
        let users = try await cli.json(["users", "list"] + server.remote("supabase"))
        #expect(users["count"] as? Int == 1)
        #expect(String(describing: users).contains(Reply.userID(supabase)))
        let refreshed = try await cli.json(["refresh"] + server.remote("supabase"))
        #expect(refreshed["error"] == nil, "the session and its refresh token survived: \(refreshed)")
        let firebaseRefresh = try await cli.json(["refresh", "--backend", "firebase"] + server.remote("firebase"))
        #expect(firebaseRefresh["error"] == nil, "\(firebaseRefresh)")
        await server.stop()
    }

    @Test("a SIGKILL while 16 clients sign up at once (their writes committed in groups) loses no answered user")
    func killDuringGroupCommit() async throws {
        let cli = try await LoginCLI.make()
        let server = try await cli.serve(["--supabase-rate-limits", "off"], sharingState: true).0
        let answered = Locked<[String]>([])
        let stop = Locked(false)
        let (base, anonKey) = (server.baseURL, server.anonKey)
        let clients = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        var request = URLRequest(url: URL(string: base + "/auth/v1/signup")!, timeoutInterval: 10)
                        request.httpMethod = "POST"
                        request.httpBody = Data("{}".utf8)
                        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                        request.setValue(anonKey, forHTTPHeaderField: "apikey")
                        let session = URLSession(configuration: .ephemeral)
                        while !stop.current, let (data, response) = try? await session.data(for: request) {
                            guard (response as? HTTPURLResponse)?.statusCode == 200,
                                let body = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                                let user = body["user"] as? [String: Any], let id = user["id"] as? String
                            else { continue }
                            answered.withLock { $0.append(id) }
                        }
                    }
                }
            }
        }
        #expect(await poll(timeout: .seconds(60)) { answered.current.count >= 200 }, "200 sign-ups answered in time")
        await server.kill()
        stop.withLock { $0 = true }
        await clients.value
        let ids = answered.current

        let database = cli.state.url.appendingPathComponent("auth.sqlite3").path
        let sqlite = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: sqlite), "sqlite3 reads the file as another program would")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: sqlite)
        check.arguments = [database, "PRAGMA integrity_check; SELECT id FROM users;"]
        let output = Pipe()
        check.standardOutput = output
        try check.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "ok")
        let stored = Set(lines.dropFirst())
        let lost = ids.filter { !stored.contains($0) }
        #expect(ids.count >= 200 && lost.isEmpty, "\(lost.count) of \(ids.count) answered sign-ups lost")
    }

    @Test("commands on one database at once, writing and reading, leave every row there and the file whole")
    func concurrentCommands() async throws {
        let cli = try await LoginCLI.make()
        let results = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<6 {
                group.addTask { try await cli.run(["google", "--email", "many\(index)@example.com", "--name", "Many \(index)"]).status }
                group.addTask { try await cli.run(["mailbox", "--email", "many\(index)@example.com"]).status }
            }
            var statuses: [Int32] = []
            for try await status in group { statuses.append(status) }
            return statuses
        }
        #expect(results.allSatisfy { $0 == 0 }, "\(results)")
        let users = try await cli.json(["users", "list", "--per-page", "50"])
        #expect(users["count"] as? Int == 6, "\(users)")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return }
        let output = Pipe()
        check.arguments = [
            cli.state.url.appendingPathComponent("auth.sqlite3").path, "PRAGMA integrity_check; SELECT count(*) FROM identities;",
        ]
        check.standardOutput = output
        try check.run()
        check.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text == "ok\n6\n", "\(text)")
    }

    @Test(
        """
        a state directory of login 0.2.0 is taken up on first use: state.json imported and kept as state.json.imported, its session\
         refreshes
        """
    )
    func importsOldStateDirectory() async throws {
        let cli = try await LoginCLI.make()
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) {
            let target = cli.state.url.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent(name), to: target)
            #expect(chmod(target.path, 0o600) == 0)
        }
        let status = try await cli.json(["status"])
        #expect(status["signedIn"] as? Bool == true, "\(status)")
        let refreshed = try await cli.json(["refresh"])
        #expect(refreshed["error"] == nil, "the imported session's refresh token works: \(refreshed)")
        #expect(FileManager.default.fileExists(atPath: cli.state.url.appendingPathComponent("state.json.imported").path))
        #expect(!FileManager.default.fileExists(atPath: cli.state.url.appendingPathComponent("state.json").path))
        let users = try await cli.json(["users", "list"])
        #expect(users["count"] as? Int == 5)
        let firebase = try await cli.json(["refresh", "--backend", "firebase"])
        #expect(firebase["error"] == nil, "\(firebase)")
    }
}
