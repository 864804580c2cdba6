import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Membership read from the claim the backend's admin sets (issue 15, item 13): Supabase's
/// `app_metadata`, Firebase's custom claims, as the access tokens of the in-process engines
/// carry them.
@Suite("Claim membership checker")
struct ClaimMembershipCheckerTests {
    private func checker(_ claim: String, _ location: ClaimMembershipChecker.Location, _ stored: StoredSession?) -> ClaimMembershipChecker {
        ClaimMembershipChecker(claim: claim, location: location) { stored }
    }

    @Test("Supabase: false until app_metadata carries the claim, true once a new token has it")
    func supabase() async throws {
        let world = try await TestWorld.make()
        let backend = SupabaseAuthBackend(engine: world.services.supabase)
        let signIn = try await backend.signInAnonymously()
        let stored = StoredSession(session: signIn.session, user: signIn.user)
        #expect(try await !checker("org", .appMetadata, stored).hasOrganisation(signIn.user))

        let key = try serviceRoleKey(of: world)
        _ = try world.services.supabase.adminUpdateMetadata(
            bearer: key, userID: signIn.user.id, appMetadata: ["org": .string("acme")], userMetadata: nil)
        let refreshed = StoredSession(
            session: try await backend.refreshSession(refreshToken: signIn.session.refreshToken), user: signIn.user)
        #expect(try await checker("org", .appMetadata, refreshed).hasOrganisation(signIn.user))
        #expect(try await !checker("org", .customClaims, refreshed).hasOrganisation(signIn.user), "Supabase keeps it in app_metadata")
    }

    @Test("Firebase: custom claims at the top of the ID token")
    func firebase() async throws {
        let world = try await TestWorld.make()
        let backend = FirebaseAuthBackend(engine: world.services.firebase)
        let signIn = try await backend.signInAnonymously()
        var update = FirebaseUpdateRequest(idToken: nil)
        update.localId = signIn.user.id
        update.customAttributes = #"{"member":true}"#
        _ = try await world.services.firebase.adminUpdate(update)
        let refreshed = StoredSession(
            session: try await backend.refreshSession(refreshToken: signIn.session.refreshToken), user: signIn.user)
        #expect(try await checker("member", .customClaims, refreshed).hasOrganisation(signIn.user))
    }

    @Test("no session, or another user's, is notSignedIn; an unreadable token is invalidCredential")
    func refusals() async throws {
        let user = AuthUser(id: "u1", email: nil, displayName: nil, isEmailVerified: false, isAnonymous: true, providers: [])
        await #expect(throws: AuthError.notSignedIn) { try await checker("org", .appMetadata, nil).hasOrganisation(user) }
        let other = AuthUser(id: "u2", email: nil, displayName: nil, isEmailVerified: false, isAnonymous: true, providers: [])
        let session = AuthSession(accessToken: "not-a-jwt", refreshToken: "r", expiresAt: Date(), userID: "u1")
        await #expect(throws: AuthError.notSignedIn) {
            try await checker("org", .appMetadata, StoredSession(session: session, user: other)).hasOrganisation(user)
        }
        await #expect(throws: AuthError.self) {
            try await checker("org", .appMetadata, StoredSession(session: session, user: user)).hasOrganisation(user)
        }
    }

    @Test(
        "what counts as set",
        arguments: [
            (JSONValue.bool(true), true), (.string("acme"), true), (.int(2), true), (.array([.int(1)]), true),
            (.null, false), (.bool(false), false), (.string(""), false), (.int(0), false), (.array([]), false), (.object([:]), false),
        ])
    func isSet(value: JSONValue, expected: Bool) {
        #expect(ClaimMembershipChecker.isSet(value) == expected)
    }
}

/// A `service_role` token for the world's Supabase engine.
private func serviceRoleKey(of world: TestWorld) throws -> String {
    try world.services.supabase.serviceRoleKey()
}
