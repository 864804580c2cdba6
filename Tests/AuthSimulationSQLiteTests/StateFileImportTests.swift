import AuthData
import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import GRDB
import Testing

/// The first start after a version that kept `state.json`: the file is imported into the
/// database and kept as `state.json.imported`. The fixture was written by `login` 0.2.0 (main
/// before the database): Supabase users signed in with Apple, Google (one linked to the Apple
/// user), anonymously and with email codes; Firebase users with Apple, anonymously and with an
/// email link; the simulated Apple's and Google's accounts; the mailbox.
@Suite("State file import")
struct StateFileImportTests {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/state-dir-0.2.0/state.json")

    /// A state directory holding the fixture as `state.json`.
    private func makeDirectory() throws -> (TemporaryDirectory, SimulationStateDirectory) {
        let temporary = TemporaryDirectory()
        let directory = SimulationStateDirectory(url: temporary.url)
        try FileManager.default.copyItem(at: Self.fixture, to: directory.stateURL)
        #expect(chmod(directory.stateURL.path, 0o600) == 0)
        return (temporary, directory)
    }

    /// The fixture's JSON, read without the types under test.
    private func expected() throws -> [String: Any] {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let body = text[text.index(after: try #require(text.firstIndex(of: "\n")))...]
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    @Test("every user, identity and session is imported; state.json is kept as state.json.imported; a second start imports nothing")
    func importsEverything() throws {
        let (temporary, directory) = try makeDirectory()
        let original = try Data(contentsOf: directory.stateURL)
        let storage = try StateDatabase.open(directory, defaultFirebaseProject: "demo-authcoordinator", logger: .quiet)
        #expect(!FileManager.default.fileExists(atPath: directory.stateURL.path))
        #expect(try Data(contentsOf: directory.stateURL.appendingPathExtension("imported")) == original)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains(".importing") }
        #expect(left.isEmpty, "the staging database leaves nothing behind: \(left)")

        let json = try expected()
        let supabase = try #require(json["supabase"] as? [String: Any])
        let users = try #require(supabase["users"] as? [String: [String: Any]])
        let sessions = try #require(supabase["sessions"] as? [String: [String: Any]])
        #expect(users.count == 5 && sessions.count >= 5, "the fixture is what this test was written for")
        try storage.fetch { rows in
            #expect(rows.supabase.userCount() == users.count)
            for (id, user) in users {
                let stored = rows.supabase.user(id)
                let identities = (user["identities"] as? [[String: Any]] ?? []).compactMap { $0["identityID"] as? String }
                #expect(stored?.identities.map(\.identityID).sorted() == identities.sorted(), "user \(id)")
                #expect(stored?.email == user["email"] as? String)
            }
            for (id, session) in sessions {
                let stored = rows.supabase.session(id)
                #expect(stored?.userID == session["userID"] as? String)
                #expect(stored?.activeRefreshToken == session["activeRefreshToken"] as? String)
                #expect(rows.supabase.refreshTokens(sessionID: id) == session["refreshTokens"] as? [String])
            }
        }
        let project = try #require((json["firebase"] as? [String: Any])?["projects"] as? [String: [String: Any]])["demo-authcoordinator"]
        let accounts = try #require(project?["users"] as? [String: [String: Any]])
        try storage.fetch { rows in
            let firebase = rows.firebase(project: "demo-authcoordinator")
            #expect(firebase.userCount() == accounts.count)
            for (localId, account) in accounts {
                #expect(firebase.user(localId)?.providers.count == (account["providers"] as? [Any])?.count)
            }
            #expect(rows.mailbox.messages(for: "otp@example.com").count == 1)
            #expect(rows.appleID.account(appleID: "ada@example.com") != nil)
        }
        try storage.close()

        let again = try StateDatabase.open(directory, defaultFirebaseProject: "demo-authcoordinator", logger: .quiet)
        #expect(try again.fetch { $0.supabase.userCount() } == users.count)
        try again.close()
        let database = try DatabaseQueue(path: StateDatabase.url(in: directory).path)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM identities") } == 5)
        _ = temporary
    }

    @Test("the imported sessions work: a refresh token from state.json rotates, and the user signs in again")
    func importedSessionsWork() async throws {
        let (temporary, directory) = try makeDirectory()
        let storage = try StateDatabase.open(directory, defaultFirebaseProject: "demo-authcoordinator", logger: .quiet)
        defer { try? storage.close() }
        let services = try await SimulatedServices(
            configuration: SimulationConfiguration(), keys: TestKeys.shared, storage: storage, clock: .live)
        let userID = try #require(try storage.fetch { $0.supabase.userID(email: "otp@example.com") })
        let session = try #require(services.storedSupabaseSessions(of: userID).last)
        let refreshed = try await services.supabase.grantRefreshToken(session.activeRefreshToken)
        #expect(refreshed.user.id == userID)
        #expect(services.storedSupabaseRefreshTokens(of: userID).contains(refreshed.refreshToken))
        _ = temporary
    }

    @Test("a damaged state.json is reported, left as it is, and no database is made")
    func damagedStateFile() throws {
        let (temporary, directory) = try makeDirectory()
        var bytes = try Data(contentsOf: directory.stateURL)
        bytes.removeLast(100)
        try bytes.write(to: directory.stateURL)
        #expect {
            _ = try StateDatabase.open(directory, defaultFirebaseProject: "demo-authcoordinator", logger: .quiet)
        } throws: { error in
            guard case SimulationStoreError.corrupt(let path, _)? = error as? SimulationStoreError else { return false }
            return path == directory.stateURL.path
        }
        #expect(try Data(contentsOf: directory.stateURL) == bytes)
        #expect(!FileManager.default.fileExists(atPath: StateDatabase.url(in: directory).path))
        _ = temporary
    }
}
