import AuthData
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// One user store per Firebase project (issue 14 item 6), kept in the services' storage under
/// each project's id. Google's emulator keeps a `Map<projectId, AgentProjectState>`
/// (firebase-tools `src/emulator/auth/server.ts` `getProjectStateById`); this is the same, stored.
@Suite("Firebase engine: one user store per project")
struct FirebaseProjectStoresTests {
    private func makeSUT(storage: any SimulationStorage = InMemorySimulationStorage(), projects: [String] = ["project-b"]) async throws
        -> SimulatedServices
    {
        var configuration = SimulationConfiguration(firebaseProjectID: "project-a")
        configuration.otherFirebaseProjectIDs = projects
        return try await SimulatedServices(configuration: configuration, keys: TestKeys.shared, storage: storage, clock: TestClock().clock)
    }

    private func lookup(_ engine: FirebaseEngine, _ localId: String) async throws -> [FirebaseUserInfoPayload] {
        var request = FirebaseAccountRequest(idToken: nil)
        request.localId = .one(localId)
        return try await engine.adminLookup(request).users ?? []
    }

    @Test("an admin call on project B neither reads nor deletes project A's users")
    func adminIsolation() async throws {
        let services = try await makeSUT()
        let a = services.firebase
        let b = try #require(services.firebaseProjects.engine(for: "project-b"))
        let guest = try await a.signUp(FirebaseSignUpRequest(returnSecureToken: true))

        #expect(try await lookup(b, guest.localId).isEmpty)
        #expect(await FirebaseEngineFixture.failure { try await b.adminDelete(localId: guest.localId) }?.code == "USER_NOT_FOUND")
        try await b.wipeAccounts()
        #expect(try await lookup(a, guest.localId).count == 1, "A's user is still there")
        #expect(
            await FirebaseEngineFixture.failure { try await b.lookup(idToken: guest.idToken) }?.code == "INVALID_ID_TOKEN",
            "A's ID token names A in aud and iss")
        #expect(
            await FirebaseEngineFixture.failure { try await b.secureToken(grantType: "refresh_token", refreshToken: guest.refreshToken) }?
                .code == "INVALID_REFRESH_TOKEN")
    }

    @Test("each project's rows stay under its id, also through a run that does not serve it")
    func projectNotServed() async throws {
        let storage = InMemorySimulationStorage()
        let first = try await makeSUT(storage: storage, projects: ["project-b", "project-c"])
        let inA = try await first.firebase.signUp(FirebaseSignUpRequest(returnSecureToken: true)).localId
        let inC = try await #require(first.firebaseProjects.engine(for: "project-c")).signUp(FirebaseSignUpRequest(returnSecureToken: true))
            .localId

        let second = try await makeSUT(storage: storage, projects: ["project-b"])
        #expect(try await lookup(second.firebase, inA).count == 1)
        #expect(second.firebaseProjects.engine(for: "project-c") == nil)
        let third = try await makeSUT(storage: storage, projects: ["project-c"])
        #expect(
            try await lookup(try #require(third.firebaseProjects.engine(for: "project-c")), inC).count == 1,
            "project C's users came back after a run that did not serve it")
    }

    @Test("a state file from before per-project stores is imported: its users belong to the default project")
    func importsOldStateFile() async throws {
        var store = FirebaseState()
        store.users["old-user"] = FirebaseUserRecord(
            localId: "old-user", email: nil, emailVerified: false, displayName: nil, photoUrl: nil, disabled: false, providers: [],
            emailLinkSignin: false, hasPassword: false, validSince: 1_700_000_000, createdAt: 1_700_000_000_000,
            lastLoginAt: 1_700_000_000_000)
        // The old file had one store's fields directly under "firebase", with its wrong-code counts.
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(store)) as? [String: Any])
        json["rateWindows"] = nil
        json["wrongOobAttempts"] = ["ada@example.com": 2]
        var whole = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(SimulationState())) as? [String: Any])
        whole["firebase"] = json
        let file = try JSONSerialization.data(withJSONObject: whole)
        let state = try JSONDecoder().decode(SimulationState.self, from: file)

        let storage = InMemorySimulationStorage()
        try storage.update { (rows: any SimulationRows) in state.importRows(into: rows, defaultFirebaseProject: "project-a") }
        let restored = try await makeSUT(storage: storage)
        #expect(try await lookup(restored.firebase, "old-user").count == 1)
        #expect(try await lookup(try #require(restored.firebaseProjects.engine(for: "project-b")), "old-user").isEmpty)
    }
}
