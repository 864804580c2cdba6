import AuthData
import AuthDomain
import AuthSimulation
import Foundation

/// A simulated world on the live clock with fresh keys.
struct BenchWorld {
    let services: SimulatedServices

    /// GoTrue's rate limits are off: a benchmark is one client sending thousands of requests.
    static func make(storage: any SimulationStorage = InMemorySimulationStorage()) async throws -> BenchWorld {
        var configuration = SimulationConfiguration()
        configuration.supabase.rateLimits = nil
        let keys = try SimulationKeys.generate()
        return BenchWorld(services: try await SimulatedServices(configuration: configuration, keys: keys, storage: storage, clock: .live))
    }

    /// A Google ID token without a nonce, as GoogleSignIn before 9.0 sends it.
    func googleCredential(email: String) async throws -> IDTokenCredential {
        let response = try await services.google.signIn(
            GoogleSignInSheetRequest(clientID: services.configuration.clientID(for: .google), email: email))
        return IDTokenCredential(provider: .google, idToken: Secret(response.idToken), accessToken: Secret(response.accessToken))
    }

    /// An Apple ID token with its raw nonce.
    func appleCredential(appleID: String) async throws -> IDTokenCredential {
        let nonce = NonceGenerator(source: .live).make()
        let response = try await services.apple.authorize(
            AppleSheetRequest(
                clientID: services.configuration.clientID(for: .apple), appleID: appleID, nonce: NonceGenerator.sha256Hex(nonce)))
        return IDTokenCredential(provider: .apple, idToken: Secret(response.identityToken), rawNonce: Secret(nonce))
    }
}
