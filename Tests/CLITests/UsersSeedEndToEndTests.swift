import AuthTestSupport
import Foundation
import Testing

/// `login users export`, `login users import` and `login serve --seed`, run as the built binary:
/// Apple and Google users of both backends exported, imported into another state directory, and
/// served from a seed, sign in as the same users; a file with a bad row changes nothing.
@Suite("login: users export, users import, serve --seed")
struct UsersSeedEndToEndTests {
    private struct Exported {
        let directory: TemporaryDirectory
        let ids: [String: String]
        var supabase: String { directory.url.appendingPathComponent("supabase.json").path }
        var firebase: String { directory.url.appendingPathComponent("firebase.json").path }
    }

    /// An Apple and a Google user on each backend, exported in both formats.
    private func exported() async throws -> Exported {
        let cli = try await LoginCLI.make()
        var ids: [String: String] = [:]
        for backend in ["supabase", "firebase"] {
            let apple = try await cli.json(["apple", "--email", "tim@example.com", "--name", "Tim Cook", "--backend", backend])
            ids["apple-" + backend] = Reply.userID(apple)
            ids["google-" + backend] = Reply.userID(try await cli.json(["google", "--email", "grace@example.com", "--backend", backend]))
        }
        let directory = TemporaryDirectory()
        let out = directory.url.path
        _ = try await cli.json(["users", "export", "--format", "supabase", "--output", out + "/supabase.json"])
        let reply = try await cli.json(["users", "export", "--format", "firebase", "--output", out + "/firebase.json"])
        #expect(reply["event"] as? String == "users_exported")
        let mode = try FileManager.default.attributesOfItem(atPath: out + "/firebase.json")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        return Exported(directory: directory, ids: ids)
    }

    @Test("exported users imported into another state directory sign in as the same users")
    func importThenSignIn() async throws {
        let files = try await exported()
        let cli = try await LoginCLI.make()
        let imported = try await cli.json(["users", "import", files.supabase, files.firebase, "--hash-algo", "BCRYPT"])
        #expect(imported["supabase_users"] as? Int == 2 && imported["firebase_users"] as? Int == 2, "\(imported)")
        for backend in ["supabase", "firebase"] {
            let apple = try await cli.json(["apple", "--email", "tim@example.com", "--backend", backend])
            #expect(Reply.userID(apple) == files.ids["apple-" + backend])
            let google = try await cli.json(["google", "--email", "grace@example.com", "--backend", backend])
            #expect(Reply.userID(google) == files.ids["google-" + backend])
        }
        // Importing them again is refused as a whole, with the row.
        let again = try await cli.run(["users", "import", files.supabase, "--json"])
        #expect(again.status == 1)
        #expect(again.stdout.contains("seed_refused") && again.stdout.contains("row 1"), "\(again.stdout)")
    }

    @Test("a file with a bad row is refused with its number and changes nothing")
    func badRow() async throws {
        let files = try await exported()
        let text = try String(contentsOfFile: files.supabase, encoding: .utf8)
        let broken = files.directory.url.appendingPathComponent("broken.json")
        try Data(text.replacingOccurrences(of: "\"grace@example.com\"", with: "\"grace\"").utf8).write(to: broken)
        let cli = try await LoginCLI.make()
        let result = try await cli.run(["users", "import", broken.path, "--json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("broken.json row") && result.stdout.contains("nothing was imported"), "\(result.stdout)")
        let list = try await cli.json(["users", "list", "--backend", "supabase"])
        #expect(list["count"] as? Int == 0, "\(list)")
    }

    @Test("login serve --seed serves the users at start and again after login reset")
    func serveSeed() async throws {
        let files = try await exported()
        let cli = try await LoginCLI.make()
        let (server, _) = try await cli.serve(["--seed", files.supabase, "--seed", files.firebase, "--hash-algo", "BCRYPT"])
        let flags = server.remote("supabase")
        #expect(Reply.userID(try await cli.json(["apple", "--email", "tim@example.com"] + flags)) == files.ids["apple-supabase"])
        let firebase = server.remote("firebase")
        #expect(Reply.userID(try await cli.json(["google", "--email", "grace@example.com"] + firebase)) == files.ids["google-firebase"])

        _ = try await cli.json(["anonymous"] + firebase)
        #expect(try await cli.json(["users", "list"] + firebase)["count"] as? Int == 3)

        #expect(try await cli.json(["reset", "--yes"] + firebase)["event"] as? String == "reset")
        #expect(try await cli.json(["users", "list"] + firebase)["count"] as? Int == 2, "the seed only, the anonymous user gone")
        #expect(Reply.userID(try await cli.json(["google", "--email", "grace@example.com"] + firebase)) == files.ids["google-firebase"])
    }
}
