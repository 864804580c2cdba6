import AuthDomain

/// The ``GoogleSignInAuthorizing`` port answered by the simulated Google, in process or over
/// HTTP (``SimulatedGoogleAPI``).
public struct SimulatedGoogleAuthorizer: GoogleSignInAuthorizing {
    /// What the simulated person does in the account chooser.
    public struct Choice: Sendable, Hashable {
        /// The Google account.
        public var email: String
        /// Its name.
        public var name: PersonName?
        /// Whether the chooser is dismissed.
        public var cancel: Bool

        /// Creates a choice.
        /// - Parameters:
        ///   - email: The account.
        ///   - name: Its name.
        ///   - cancel: Whether the chooser is dismissed.
        public init(email: String, name: PersonName? = nil, cancel: Bool = false) {
            self.email = email
            self.name = name
            self.cancel = cancel
        }
    }

    private let api: any SimulatedGoogleAPI
    private let clientID: String
    private let person: @Sendable () async -> Choice

    /// Creates an authorizer over either face of the simulated Google.
    /// - Parameters:
    ///   - api: The simulated Google, in process (``InProcessGoogleAPI``) or over HTTP (``HTTPGoogleAPI``).
    ///   - clientID: The OAuth client id (the token's `aud`).
    ///   - person: What the person does, asked at each sign-in.
    public init(api: any SimulatedGoogleAPI, clientID: String, person: @escaping @Sendable () async -> Choice) {
        self.api = api
        self.clientID = clientID
        self.person = person
    }

    /// Creates an authorizer over the simulated Google in this process, whose person decides when
    /// the chooser shows.
    /// - Parameters:
    ///   - google: The simulated Google.
    ///   - clientID: The OAuth client id (the token's `aud`).
    ///   - person: What the person does, asked at each sign-in.
    public init(google: SimulatedGoogle, clientID: String, person: @escaping @Sendable () async -> Choice) {
        self.init(api: InProcessGoogleAPI(google: google), clientID: clientID, person: person)
    }

    /// Creates an authorizer whose person always does the same.
    /// - Parameters:
    ///   - google: The simulated Google.
    ///   - clientID: The OAuth client id (the token's `aud`).
    ///   - choice: What the person does.
    public init(google: SimulatedGoogle, clientID: String, choice: Choice) {
        self.init(google: google, clientID: clientID) { choice }
    }

    /// Runs the simulated Google Sign-In.
    /// - Parameter request: The nonce to echo.
    /// - Returns: The credential.
    /// - Throws: ``AuthError``.
    public func signIn(_ request: GoogleSignInRequest) async throws(AuthError) -> GoogleSignInCredential {
        let choice = await person()
        return try await api.signIn(
            GoogleSignInSheetRequest(
                clientID: clientID, email: choice.email, name: choice.name, nonce: request.nonce, cancel: choice.cancel))
    }
}
