import AuthData
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// One user store per Firebase project (issue 14 item 6), and the state file that keeps them.
/// Google's emulator keeps a `Map<projectId, AgentProjectState>` (firebase-tools
/// `src/emulator/auth/server.ts` `getProjectStateById`); this is the same, persisted.
@Suite("Firebase engine: one user store per project")
struct FirebaseProjectStoresTests {
    private func makeSUT(state: SimulationState = SimulationState(), projects: [String] = ["project-b"]) async throws -> SimulatedServices {
        var configuration = SimulationConfiguration(firebaseProjectID: "project-a")
        configuration.otherFirebaseProjectIDs = projects
        return try await SimulatedServices(configuration: configuration, keys: TestKeys.shared, state: state, clock: TestClock().clock)
    }

    private func lookup(_ engine: FirebaseEngine, _ localId: String) async -> [FirebaseUserInfoPayload] {
        var request = FirebaseAccountRequest(idToken: nil)
        request.localId = .one(localId)
        return await engine.adminLookup(request).users ?? []
    }

    @Test("an admin call on project B neither reads nor deletes project A's users")
    func adminIsolation() async throws {
        let services = try await makeSUT()
        let a = services.firebase, b = try #require(services.firebaseProjects.engine(for: "project-b"))
        let guest = try await a.signUp(FirebaseSignUpRequest(returnSecureToken: true))

        #expect(await lookup(b, guest.localId).isEmpty)
        #expect(await FirebaseEngineFixture.failure { try await b.adminDelete(localId: guest.localId) }?.code == "USER_NOT_FOUND")
        await b.wipeAccounts()
        #expect(await lookup(a, guest.localId).count == 1, "A's user is still there")
        #expect(await FirebaseEngineFixture.failure { try await b.lookup(idToken: guest.idToken) }?.code == "INVALID_ID_TOKEN", "A's ID token names A in aud and iss")
        #expect(await FirebaseEngineFixture.failure { try await b.secureToken(grantType: "refresh_token", refreshToken: guest.refreshToken) }?.code == "INVALID_REFRESH_TOKEN")
    }

    @Test("the state file keeps each project under its id, and keeps a project not served this run")
    func roundTrip() async throws {
        let first = try await makeSUT(projects: ["project-b", "project-c"])
        let inA = try await first.firebase.signUp(FirebaseSignUpRequest(returnSecureToken: true)).localId
        let inC = try await #require(first.firebaseProjects.engine(for: "project-c")).signUp(FirebaseSignUpRequest(returnSecureToken: true)).localId
        let saved = try JSONDecoder().decode(SimulationState.self, from: JSONEncoder().encode(await first.snapshot()))

        let second = try await makeSUT(state: saved, projects: ["project-b"])
        #expect(await lookup(second.firebase, inA).count == 1)
        #expect(second.firebaseProjects.engine(for: "project-c") == nil)
        let third = try await makeSUT(state: await second.snapshot(), projects: ["project-c"])
        #expect(await lookup(try #require(third.firebaseProjects.engine(for: "project-c")), inC).count == 1,
                "project C's users came back after a run that did not serve it")
    }

    @Test("a state file from before per-project stores is read: its users belong to the default project")
    func readsOldStateFile() async throws {
        let services = try await makeSUT()
        let old = try await services.firebase.signUp(FirebaseSignUpRequest(returnSecureToken: true)).localId
        // The old file had one store's fields directly under "firebase", with its wrong-code counts.
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(await services.snapshot())) as? [String: Any])
        let projects = try #require((json["firebase"] as? [String: Any])?["projects"] as? [String: Any])
        var store = try #require(projects["project-a"] as? [String: Any])
        store["rateWindows"] = nil
        store["wrongOobAttempts"] = ["ada@example.com": 2]
        json["firebase"] = store
        let body = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)

        let directory = SimulationStateDirectory(url: FileManager.default.temporaryDirectory.appendingPathComponent("fb-state-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: directory.url) }
        try directory.saveState(SimulationState())
        let magic = try #require(String(decoding: try Data(contentsOf: directory.stateURL), as: UTF8.self).split(separator: " ").first)
        try Data("\(magic) \(SHA256Hex.hash(body))\n\(body)".utf8).write(to: directory.stateURL)

        let restored = try await makeSUT(state: try directory.loadState())
        #expect(await lookup(restored.firebase, old).count == 1)
        #expect(await lookup(try #require(restored.firebaseProjects.engine(for: "project-b")), old).isEmpty)
        let rewritten = try JSONSerialization.jsonObject(with: JSONEncoder().encode(await restored.snapshot())) as? [String: Any]
        #expect(((rewritten?["firebase"] as? [String: Any])?["projects"] as? [String: Any])?.keys.sorted() == ["project-a", "project-b"],
                "the next save writes the new format")
    }
}
