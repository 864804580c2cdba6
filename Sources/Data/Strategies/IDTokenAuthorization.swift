import AuthDomain

/// What an identity provider's sheet answered, in the terms every ID-token provider shares:
/// the token the backend verifies and what the provider said about the user.
///
/// An ``IDTokenProvider`` maps its sheet's own answer (`AppleIDCredential`,
/// `GoogleSignInCredential`) to this; ``IDTokenAuthStrategy`` does the rest.
public struct IDTokenAuthorization: Hashable, Sendable {
    /// The provider's stable id for the user (the token's `sub`), when the sheet gives it.
    public var subject: String?
    /// The ID token; a missing or empty one fails the sign-in with
    /// ``AuthError/missingIdentityToken``.
    public var idToken: Secret?
    /// The provider's OAuth access token (Google's), passed on to the backend.
    public var accessToken: Secret?
    /// A single-use authorization code (Apple's, which revokes the user's tokens).
    public var authorizationCode: Secret?
    /// The name and email the provider shared on this sign-in.
    public var profile: ProviderProfile
    /// The name the backend receives with the token, for providers whose tokens carry none
    /// (Apple gives the name only on the first authorization, and only beside the token).
    public var nameForBackend: PersonName?

    /// Creates an answer.
    /// - Parameters:
    ///   - subject: The provider's id for the user.
    ///   - idToken: The ID token.
    ///   - accessToken: The provider's access token.
    ///   - authorizationCode: The authorization code.
    ///   - profile: The name and email the provider shared.
    ///   - nameForBackend: The name sent to the backend with the token.
    public init(
        subject: String?, idToken: Secret?, accessToken: Secret? = nil, authorizationCode: Secret? = nil,
        profile: ProviderProfile = ProviderProfile(), nameForBackend: PersonName? = nil
    ) {
        self.subject = subject
        self.idToken = idToken
        self.accessToken = accessToken
        self.authorizationCode = authorizationCode
        self.profile = profile
        self.nameForBackend = nameForBackend
    }
}
