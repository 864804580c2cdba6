/// The Firebase Auth endpoints the backend uses (Identity Toolkit and Secure Token), in wire
/// types. Implemented over HTTP (`FirebaseRESTClient`) and over the in-process engine, so that
/// ``FirebaseAuthBackend`` is one piece of code in front of either.
///
/// Methods throw ``FirebaseFailure`` for refusals and `AuthError.network` for transport
/// failures.
package protocol FirebaseAuthAPI: FirebasePasswordAPI, FirebasePasskeyAPI, FirebaseSecondFactorAPI {
    /// `accounts:signInWithIdp`.
    func signInWithIdp(_ request: FirebaseIdpRequest) async throws -> FirebaseIdpResponse
    /// `accounts:signUp`.
    func signUp(_ request: FirebaseSignUpRequest) async throws -> FirebaseSignUpResponse
    /// `accounts:lookup` by ID token.
    func lookup(idToken: String) async throws -> FirebaseLookupResponse
    /// `accounts:update` by ID token.
    func update(_ request: FirebaseUpdateRequest) async throws -> FirebaseUpdateResponse
    /// `accounts:delete` by ID token.
    func deleteAccount(idToken: String) async throws
    /// `accounts:sendOobCode`.
    func sendOobCode(_ request: FirebaseOobRequest) async throws -> FirebaseOobCodeResponse
    /// `accounts:signInWithEmailLink`.
    func signInWithEmailLink(_ request: FirebaseEmailLinkRequest) async throws -> FirebaseEmailLinkResponse
    /// Secure Token `grant_type=refresh_token`.
    func refresh(refreshToken: String) async throws -> FirebaseSecureTokenResponse
    /// Revokes every refresh token of a user (Admin `accounts:update` with `validSince`); throws
    /// when this client has no admin access.
    func revokeRefreshTokens(localId: String) async throws
    /// Seconds between two sign-in emails to one address.
    var emailResendInterval: Double { get }
    func createAuthUri(_ request: FirebaseCreateAuthUriRequest) async throws -> FirebaseCreateAuthUriResponse
}
