import AuthData
import AuthDomain
import AuthSimulation
import Foundation

/// Where the identity providers (and the mailbox) come from: the embedded simulated world, or a
/// running emulator's simulated providers over HTTP.
enum IdentityProviders: Sendable {
    case embedded(SimulatedServices)
    case remote(HTTPSimulatedProviders)
    case unavailable

    func appleAuthorizer(clientID: String, deviceAppleID: String?, person: @escaping @Sendable (Bool) async throws -> AppleSheetChoice) throws -> any AppleIDAuthorizing {
        switch self {
        case .embedded(let world):
            return SimulatedAppleIDAuthorizer(appleID: world.apple, clientID: clientID, deviceAppleID: deviceAppleID, person: person)
        case .remote(let providers):
            return HTTPSimulatedAppleIDAuthorizer(providers: providers, clientID: clientID, deviceAppleID: deviceAppleID, person: person)
        case .unavailable:
            throw AuthError.providerUnavailable(.apple)
        }
    }

    func googleAuthorizer(clientID: String, choice: SimulatedGoogleAuthorizer.Choice) throws -> any GoogleSignInAuthorizing {
        switch self {
        case .embedded(let world): return SimulatedGoogleAuthorizer(google: world.google, clientID: clientID, choice: choice)
        case .remote(let providers): return HTTPSimulatedGoogleAuthorizer(providers: providers, clientID: clientID, choice: choice)
        case .unavailable: throw AuthError.providerUnavailable(.google)
        }
    }

    func mailbox(for email: String) async throws -> [MailMessage] {
        switch self {
        case .embedded(let world): return await world.mailbox.messages(for: email)
        case .remote(let providers): return try await providers.mailbox(for: email)
        case .unavailable: throw AuthError.invalidInput("no mailbox: a remote backend needs --idp-url pointing at the emulator")
        }
    }
}
