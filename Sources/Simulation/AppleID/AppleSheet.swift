import AuthDomain

/// What the person does on the simulated Sign in with Apple sheet.
public struct AppleSheetRequest: Sendable, Hashable {
    /// The app's client id (bundle id or Services id); becomes the token's `aud`.
    public var clientID: String
    /// The Apple ID signed in on the device; `nil` uses the configured default.
    public var appleID: String?
    /// The name typed on the first sheet (ignored later: Apple asks once).
    public var name: PersonName?
    /// Whether the person chose Hide My Email on the first sheet.
    public var hideEmail: Bool
    /// The value copied into the token's `nonce` claim (the app sends the SHA-256 hex).
    public var nonce: String?
    /// Whether the person dismisses the sheet.
    public var cancel: Bool
    /// The `redirect_uri` of a web authorization (Apple's page), which the code is bound to.
    public var redirectURI: String?

    /// Creates a request.
    /// - Parameters:
    ///   - clientID: The app's client id.
    ///   - appleID: The Apple ID, or `nil` for the device default.
    ///   - name: The name typed on a first sheet.
    ///   - hideEmail: Whether Hide My Email was chosen.
    ///   - nonce: The nonce claim value.
    ///   - cancel: Whether the sheet is dismissed.
    ///   - redirectURI: The web authorization's `redirect_uri`, if any.
    public init(
        clientID: String, appleID: String? = nil, name: PersonName? = nil, hideEmail: Bool = false, nonce: String? = nil,
        cancel: Bool = false,
        redirectURI: String? = nil
    ) {
        self.clientID = clientID
        self.appleID = appleID
        self.name = name
        self.hideEmail = hideEmail
        self.nonce = nonce
        self.cancel = cancel
        self.redirectURI = redirectURI
    }
}

/// What Apple hands the app after the sheet.
public struct AppleSheetResponse: Sendable, Hashable {
    /// The identity token (JWT, RS256).
    public var identityToken: String
    /// The single-use authorization code (five minutes).
    public var authorizationCode: String
    /// The stable user identifier (`sub`).
    public var user: String
    /// The email, on the first authorization only.
    public var email: String?
    /// The name, on the first authorization only (if the person gave one).
    public var fullName: PersonName?
}
