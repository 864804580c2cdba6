import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// A Firebase engine on a fresh test world, and the identity tokens its tests need: genuine ones
/// from the simulated Apple and Google, and Apple tokens re-signed with Apple's key after a claim
/// changed (what Apple sends for an address it did not verify).
struct FirebaseEngineFixture {
    let world: TestWorld
    var engine: FirebaseEngine { world.services.firebase }
    var clock: TestClock { world.clock }

    static func make(configure: (inout SimulationConfiguration) -> Void = { _ in }) async throws -> FirebaseEngineFixture {
        var configuration = SimulationConfiguration()
        configure(&configuration)
        return FirebaseEngineFixture(world: try await TestWorld.make(configuration: configuration))
    }

    /// An Apple token for `appleID` whose claims were then edited and re-signed with Apple's own
    /// key, with its raw nonce.
    func appleToken(appleID: String = "attacker@icloud.com", edit: (inout JSONObject) -> Void = { _ in }) async throws -> (
        token: String, nonce: String
    ) {
        let raw = NonceGenerator(source: .live).make()
        let response = try await world.services.apple.authorize(
            AppleSheetRequest(
                clientID: world.appleClientID, appleID: appleID, name: nil, nonce: NonceGenerator.sha256Hex(raw)))
        var claims = TokenForge.decode(response.identityToken).claims
        edit(&claims)
        let token = try RSAKeyRing(stored: TestKeys.shared.apple).active.signer.sign(claims)
        return (token, raw)
    }

    /// An Apple token whose `email` is `email` and whose `email_verified` is `verified` (Apple
    /// writes it as a boolean or as the string `"true"`/`"false"`).
    func appleToken(claiming email: String, verified: JSONValue, appleID: String = "attacker@icloud.com") async throws -> (
        token: String, nonce: String
    ) {
        try await appleToken(appleID: appleID) {
            $0["email"] = .string(email)
            $0["email_verified"] = verified
        }
    }

    /// A Google token for `email` (Google verifies the addresses it issues tokens for).
    func googleToken(email: String) async throws -> (token: String, nonce: String) {
        let raw = NonceGenerator(source: .live).make()
        let response = try await world.services.google.signIn(
            GoogleSignInSheetRequest(
                clientID: world.googleClientID, email: email, nonce: NonceGenerator.sha256Hex(raw)))
        return (response.idToken, raw)
    }

    /// `signInWithIdp` as the iOS SDK sends it (credential in `postBody`).
    func signIn(provider: String, _ credential: (token: String, nonce: String), idToken: String? = nil) async throws(FirebaseFailure)
        -> FirebaseIdpResponse
    {
        try await engine.signInWithIdp(
            FirebaseIdpRequest(
                requestUri: "http://localhost", postBody: "providerId=\(provider)&id_token=\(credential.token)&nonce=\(credential.nonce)",
                returnSecureToken: true, returnIdpCredential: true, idToken: idToken))
    }

    /// The refusal a call throws, if it throws one.
    func failure<T>(_ body: () async throws -> T) async -> FirebaseFailure? { await Self.failure(body) }

    /// The refusal a call throws, if it throws one (recorded as an issue when it throws another error).
    static func failure<T>(_ body: () async throws -> T) async -> FirebaseFailure? {
        do {
            _ = try await body()
            return nil
        } catch let failure as FirebaseFailure {
            return failure
        } catch {
            Issue.record("not a FirebaseFailure: \(error)")
            return nil
        }
    }
}
