import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation

/// A simulated world whose Supabase engine is called directly, with ID tokens minted by the
/// simulated Apple and Google and, where a test needs claims they never send, re-signed with
/// the provider's own key (as a forger holding a provider key, or a provider that sends them).
struct SupabaseIDTokenWorld {
    let world: TestWorld
    var engine: SupabaseEngine { world.services.supabase }

    static func make(_ change: (inout SupabaseSettings) -> Void = { _ in }) async throws -> SupabaseIDTokenWorld {
        var configuration = SimulationConfiguration()
        change(&configuration.supabase)
        return SupabaseIDTokenWorld(world: try await TestWorld.make(configuration: configuration))
    }

    /// An Apple token for `appleID`, its claims edited and re-signed with Apple's key.
    func apple(_ appleID: String, edit: (inout JSONObject) -> Void = { _ in }) async throws -> SupabaseIDTokenRequest {
        let raw = NonceGenerator(source: .live).make()
        let sheet = try await world.services.apple.authorize(
            AppleSheetRequest(
                clientID: world.appleClientID, appleID: appleID, nonce: NonceGenerator.sha256Hex(raw)))
        let token = try resign(sheet.identityToken, key: world.services.keys.apple, edit: edit)
        return SupabaseIDTokenRequest(provider: "apple", idToken: token, nonce: raw)
    }

    /// A Google token for `email`, its claims edited and re-signed with Google's key.
    func google(_ email: String, edit: (inout JSONObject) -> Void = { _ in }) async throws -> SupabaseIDTokenRequest {
        let raw = NonceGenerator(source: .live).make()
        let sheet = try await world.services.google.signIn(
            GoogleSignInSheetRequest(
                clientID: world.googleClientID, email: email, name: PersonName(givenName: "Grace", familyName: "Hopper"),
                nonce: NonceGenerator.sha256Hex(raw)))
        let token = try resign(sheet.idToken, key: world.services.keys.google, edit: edit)
        return SupabaseIDTokenRequest(provider: "google", idToken: token, nonce: raw)
    }

    private func resign(_ token: String, key: StoredKeyRing, edit: (inout JSONObject) -> Void) throws -> String {
        var (header, claims) = TokenForge.decode(token)
        edit(&claims)
        return TokenForge.rs256(header: header, claims: claims, key: try RSAKeyRing(stored: key).active.privateKey)
    }

    func signIn(_ request: SupabaseIDTokenRequest) async throws(SupabaseFailure) -> SupabaseSessionPayload {
        try await engine.grantIDToken(request, bearer: nil)
    }

    func link(_ request: SupabaseIDTokenRequest, to session: SupabaseSessionPayload) async throws(SupabaseFailure) -> SupabaseSessionPayload
    {
        var linking = request
        linking.linkIdentity = true
        return try await engine.grantIDToken(linking, bearer: session.accessToken)
    }

    var users: [SupabaseUserRecord] { Array(world.services.storedSupabaseUsers.values) }

    /// The failure `body` throws, or `nil` when it succeeds.
    func failure(_ body: () async throws(SupabaseFailure) -> SupabaseSessionPayload) async -> SupabaseFailure? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }
}
