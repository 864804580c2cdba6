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

    /// The simulated providers' APIs, in process or over HTTP: the one place the
    /// transport is chosen; `nil` when there are none.
    private var faces: (apple: any SimulatedAppleIDAPI, google: any SimulatedGoogleAPI)? {
        switch self {
        case .embedded(let services): (InProcessAppleIDAPI(appleID: services.apple), InProcessGoogleAPI(google: services.google))
        case .remote(let providers): (HTTPAppleIDAPI(providers: providers), HTTPGoogleAPI(providers: providers))
        case .unavailable: nil
        }
    }

    func appleAuthorizer(
        clientID: String, deviceAppleID: String?,
        person: @escaping @Sendable (Bool) async throws(AuthError) -> AppleSheetChoice
    ) -> (any AppleIDAuthorizing)? {
        faces.map { SimulatedAppleIDAuthorizer(api: $0.apple, clientID: clientID, deviceAppleID: deviceAppleID, person: person) }
    }

    func googleAuthorizer(clientID: String, person: @escaping @Sendable () async -> SimulatedGoogleAuthorizer.Choice) -> (
        any GoogleSignInAuthorizing
    )? {
        faces.map { SimulatedGoogleAuthorizer(api: $0.google, clientID: clientID, person: person) }
    }

    /// Whether the next Apple sheet for the Apple ID and app is the app's first authorization
    /// (the sheet then asks for the name and the email choice).
    /// - Returns: `nil` when there is no Apple here.
    func isFirstAppleAuthorization(appleID: String?, clientID: String) async throws(AuthError) -> Bool? {
        guard let apple = faces?.apple else { return nil }
        return try await apple.isFirstAuthorization(appleID: appleID, clientID: clientID)
    }

    func mailbox(for email: String) async throws(AuthError) -> [MailMessage] {
        switch self {
        case .embedded(let services): return await services.mailbox.messages(for: email)
        case .remote(let providers): return try await providers.mailbox(for: email)
        case .unavailable: throw .invalidInput("login mailbox with a remote backend needs --idp-url (the emulator whose mailbox to read)")
        }
    }

    /// The current codes of the signed-in user's factors from the emulator (`login mfa code`
    /// against `login serve`); the embedded engine's are read directly.
    func totpCodes(backend: BackendChoice, project: String?, bearer: Secret) async throws(AuthError) -> [CurrentTOTPCode] {
        switch self {
        case .remote(let providers): return try await providers.totpCodes(backend: backend.rawValue, project: project, bearer: bearer)
        case .embedded, .unavailable:
            throw .invalidInput("login mfa code with a remote backend needs --idp-url (the emulator that holds the factors)")
        }
    }
}
