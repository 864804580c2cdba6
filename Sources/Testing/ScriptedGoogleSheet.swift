import AuthData
import AuthDomain
import AuthSimulation

/// Google Sign-In's account chooser, scripted per test: each sign-in takes the next scripted
/// choice; with nothing scripted, ``defaultChoice``. Tokens come from the simulated Google.
public final class ScriptedGoogleSheet: GoogleSignInAuthorizing {
    private let google: SimulatedGoogle
    private let clientID: String
    private let choices = Locked([SimulatedGoogleAuthorizer.Choice]())
    /// What the person does when nothing is scripted.
    public let defaultChoice: SimulatedGoogleAuthorizer.Choice

    /// Creates a chooser.
    /// - Parameters:
    ///   - google: The simulated Google.
    ///   - clientID: The app's OAuth client id.
    ///   - defaultChoice: What the person does when nothing is scripted.
    public init(
        google: SimulatedGoogle, clientID: String,
        defaultChoice: SimulatedGoogleAuthorizer.Choice = .init(
            email: "grace@example.com", name: PersonName(givenName: "Grace", familyName: "Hopper"))
    ) {
        self.google = google
        self.clientID = clientID
        self.defaultChoice = defaultChoice
    }

    /// The next sign-in picks `email`.
    /// - Parameters:
    ///   - email: The Google account.
    ///   - name: Its name.
    public func approve(as email: String, name: PersonName? = nil) {
        choices.withLock { $0.append(.init(email: email, name: name)) }
    }

    /// The next chooser is dismissed.
    public func cancel() { choices.withLock { $0.append(.init(email: defaultChoice.email, cancel: true)) } }

    /// Runs the simulated Google Sign-In with the next choice.
    /// - Parameter request: The nonce to echo.
    /// - Returns: The credential.
    /// - Throws: ``AuthError`` (`cancelled` for a dismissed chooser).
    public func signIn(_ request: GoogleSignInRequest) async throws(AuthError) -> GoogleSignInCredential {
        let choice = choices.withLock { $0.isEmpty ? defaultChoice : $0.removeFirst() }
        return try await SimulatedGoogleAuthorizer(google: google, clientID: clientID, choice: choice).signIn(request)
    }
}
