import AuthData
import AuthDomain
import AuthSimulation
import Foundation

/// Where the identity providers (and the mailbox) come from: the embedded simulated services, or a
/// running emulator's simulated providers over HTTP; none for a remote backend without
/// `--idp-url` (no Apple or Google sign-in there).
enum IdentityProviders: Sendable {
    case embedded(SimulatedServices)
    case remote(HTTPSimulatedProviders)
    case unavailable

    func appleAuthorizer(
        clientID: String, deviceAppleID: String?,
        person: @escaping @Sendable (Bool) async throws(AuthError) -> AppleSheetChoice
    ) -> (any AppleIDAuthorizing)? {
        switch self {
        case .embedded(let services):
            SimulatedAppleIDAuthorizer(appleID: services.apple, clientID: clientID, deviceAppleID: deviceAppleID, person: person)
        case .remote(let providers):
            HTTPSimulatedAppleIDAuthorizer(providers: providers, clientID: clientID, deviceAppleID: deviceAppleID, person: person)
        case .unavailable:
            nil
        }
    }

    func googleAuthorizer(clientID: String, person: @escaping @Sendable () async -> SimulatedGoogleAuthorizer.Choice) -> (any GoogleSignInAuthorizing)? {
        switch self {
        case .embedded(let services): SimulatedGoogleAuthorizer(google: services.google, clientID: clientID, person: person)
        case .remote(let providers): HTTPSimulatedGoogleAuthorizer(providers: providers, clientID: clientID, person: person)
        case .unavailable: nil
        }
    }

    func mailbox(for email: String) async throws(AuthError) -> [MailMessage] {
        switch self {
        case .embedded(let services): return await services.mailbox.messages(for: email)
        case .remote(let providers): return try await providers.mailbox(for: email)
        case .unavailable: throw .invalidInput("no mailbox: a remote backend needs --idp-url pointing at the emulator")
        }
    }
}
