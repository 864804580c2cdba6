import AuthJWT

/// The Identity Toolkit v2 passkey methods (Google's reference: `accounts/passkeyEnrollment:start`
/// and `:finalize`, `accounts/passkeySignIn:start` and `:finalize`) in wire types; implemented over
/// HTTP (`FirebaseRESTClient`) and over the in-process engine beside ``FirebaseAuthAPI``. Listing
/// is `accounts:lookup`'s `passkeyInfo`, deleting `accounts:update`'s `deletePasskey`.
package protocol FirebasePasskeyAPI: Sendable {
    /// `passkeyEnrollment:start`: `{credentialCreationOptions}`.
    func startPasskeyEnrollment(idToken: String) async throws -> JSONObject
    /// `passkeyEnrollment:finalize`: `{localId, idToken, refreshToken}`.
    func finalizePasskeyEnrollment(idToken: String, response: JSONValue, name: String?) async throws -> JSONObject
    /// `passkeySignIn:start`: `{credentialRequestOptions}`.
    func startPasskeySignIn() async throws -> JSONObject
    /// `passkeySignIn:finalize`: `{localId, idToken, refreshToken}`.
    func finalizePasskeySignIn(response: JSONValue) async throws -> JSONObject
}
