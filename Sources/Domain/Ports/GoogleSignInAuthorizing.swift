import Foundation

/// Obtains a Google credential: GoogleSignIn on a device, the simulated Google here.
public protocol GoogleSignInAuthorizing: Sendable {
    /// Runs Google Sign-In.
    /// - Parameter request: The nonce Google should echo into the token, if any.
    /// - Returns: The ID token, the access token and the profile Google shares.
    /// - Throws: ``AuthError``: `cancelled`, `authorizationFailed`, `providerUnavailable`.
    func signIn(_ request: GoogleSignInRequest) async throws(AuthError) -> GoogleSignInCredential
}

/// What the app asks Google for.
public struct GoogleSignInRequest: Hashable, Sendable {
    /// Echoed verbatim into the token's `nonce` claim (GoogleSignIn-iOS 9+).
    public var nonce: String?

    /// Creates a request.
    /// - Parameter nonce: The value Google copies into the token.
    public init(nonce: String?) { self.nonce = nonce }
}

/// What Google returns (`GIDGoogleUser`).
public struct GoogleSignInCredential: Hashable, Sendable {
    /// Google's stable user id (`sub`).
    public var userID: String
    /// The ID token.
    public var idToken: Secret?
    /// The OAuth access token.
    public var accessToken: Secret?
    /// The email.
    public var email: String?
    /// The name.
    public var name: PersonName?
    /// The profile picture.
    public var photoURL: URL?

    /// Creates a credential.
    /// - Parameters:
    ///   - userID: Google's user id.
    ///   - idToken: The ID token.
    ///   - accessToken: The access token.
    ///   - email: The email.
    ///   - name: The name.
    ///   - photoURL: The profile picture.
    public init(
        userID: String, idToken: Secret?, accessToken: Secret?, email: String?, name: PersonName?,
        photoURL: URL? = nil
    ) {
        self.userID = userID
        self.idToken = idToken
        self.accessToken = accessToken
        self.email = email
        self.name = name
        self.photoURL = photoURL
    }
}
