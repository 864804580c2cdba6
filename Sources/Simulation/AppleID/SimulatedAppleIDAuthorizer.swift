import AuthDomain

/// What the simulated person does on Apple's sheet.
public struct AppleSheetChoice: Sendable, Hashable {
    /// The Apple ID signed in on the device; `nil` for the simulated Apple's default.
    public var appleID: String?
    /// The name typed on a first sheet.
    public var name: PersonName?
    /// Whether Hide My Email is chosen on a first sheet.
    public var hideEmail: Bool
    /// Whether the sheet is dismissed.
    public var cancel: Bool

    /// Creates a choice.
    /// - Parameters:
    ///   - appleID: The Apple ID.
    ///   - name: The name for a first sheet.
    ///   - hideEmail: Whether Hide My Email is chosen.
    ///   - cancel: Whether the sheet is dismissed.
    public init(appleID: String? = nil, name: PersonName? = nil, hideEmail: Bool = false, cancel: Bool = false) {
        self.appleID = appleID
        self.name = name
        self.hideEmail = hideEmail
        self.cancel = cancel
    }
}

/// The ``AppleIDAuthorizing`` port answered by the simulated Apple ID, in process or over HTTP
/// (``SimulatedAppleIDAPI``): the sheet is a closure that decides, knowing whether this is the
/// app's first authorization, what the person does (tests script it; the CLI asks on the
/// terminal). Name and email reach the app only for the scopes it asked for.
public struct SimulatedAppleIDAuthorizer: AppleIDAuthorizing {
    private let api: any SimulatedAppleIDAPI
    private let clientID: String
    private let deviceAppleID: String?
    private let person: @Sendable (_ isFirstAuthorization: Bool) async throws(AuthError) -> AppleSheetChoice

    /// Creates an authorizer over either face of the simulated Apple ID.
    /// - Parameters:
    ///   - api: The simulated Apple ID, in process (``InProcessAppleIDAPI``) or over HTTP (``HTTPAppleIDAPI``).
    ///   - clientID: The app's bundle id (the token's `aud`).
    ///   - deviceAppleID: The Apple ID signed in on the device (`nil` for the default).
    ///   - person: What the person does on the sheet.
    public init(
        api: any SimulatedAppleIDAPI, clientID: String, deviceAppleID: String?,
        person: @escaping @Sendable (_ isFirstAuthorization: Bool) async throws(AuthError) -> AppleSheetChoice
    ) {
        self.api = api
        self.clientID = clientID
        self.deviceAppleID = deviceAppleID
        self.person = person
    }

    /// Creates an authorizer over the simulated Apple ID in this process.
    /// - Parameters:
    ///   - appleID: The simulated Apple ID service.
    ///   - clientID: The app's bundle id (the token's `aud`).
    ///   - deviceAppleID: The Apple ID signed in on the device (`nil` for the default).
    ///   - person: What the person does on the sheet.
    public init(
        appleID: SimulatedAppleID, clientID: String, deviceAppleID: String?,
        person: @escaping @Sendable (_ isFirstAuthorization: Bool) async throws(AuthError) -> AppleSheetChoice
    ) {
        self.init(api: InProcessAppleIDAPI(appleID: appleID), clientID: clientID, deviceAppleID: deviceAppleID, person: person)
    }

    /// Creates an authorizer whose person always makes the same choice.
    /// - Parameters:
    ///   - appleID: The simulated Apple ID service.
    ///   - clientID: The app's bundle id.
    ///   - choice: The choice.
    public init(appleID: SimulatedAppleID, clientID: String, choice: AppleSheetChoice) {
        self.init(appleID: appleID, clientID: clientID, deviceAppleID: choice.appleID) { _ in choice }
    }

    /// Shows the simulated sheet.
    /// - Parameter request: The scopes and hashed nonce.
    /// - Returns: The credential; name and email on the first authorization only.
    /// - Throws: ``AuthError``: `cancelled`, `notHandled`, `authorizationFailed`.
    public func authorize(_ request: AppleIDRequest) async throws(AuthError) -> AppleIDCredential {
        let first = try await api.isFirstAuthorization(appleID: deviceAppleID, clientID: clientID)
        let choice = try await person(first)
        var credential = try await api.authorize(
            AppleSheetRequest(
                clientID: clientID, appleID: choice.appleID ?? deviceAppleID,
                name: request.scopes.contains(.fullName) ? choice.name : nil,
                hideEmail: choice.hideEmail, nonce: request.nonce, cancel: choice.cancel))
        if !request.scopes.contains(.email) { credential.email = nil }
        return credential
    }

    /// Apple's credential state for the user and this app.
    /// - Parameter userID: The user identifier.
    /// - Returns: The state.
    public func credentialState(forUserID userID: String) async throws(AuthError) -> AppleIDCredentialState {
        try await api.credentialState(userID: userID, clientID: clientID)
    }

    /// How `ASAuthorizationError` codes surface in the domain.
    /// - Parameter error: The simulated sheet's error.
    /// - Returns: The domain error.
    public static func domainError(_ error: AppleIDError) -> AuthError {
        switch error {
        case .canceled: .cancelled
        case .notHandled: .notHandled
        case .invalidRequest(let reason): .invalidInput(reason)
        case .unknown, .failed, .invalidResponse: .authorizationFailed(error.description)
        }
    }
}
