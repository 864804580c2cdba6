import AuthJWT

/// The GoTrue endpoints of email + password accounts, in wire types; implemented over HTTP
/// (`SupabaseRESTClient`) and over the in-process engine beside ``SupabaseAuthAPI``.
package protocol SupabasePasswordAPI: Sendable {
    /// `POST /signup` with an email, a password and `data`.
    func signUp(email: String, password: String, data: JSONObject) async throws -> SupabaseSignUpResponse
    /// `POST /token?grant_type=password`.
    func token(email: String, password: String) async throws -> SupabaseSessionPayload
    /// `POST /recover`.
    func recover(email: String) async throws
    /// `POST /verify` with a link's `token_hash`.
    func verify(tokenHash: String, type: String) async throws -> SupabaseSessionPayload
    /// `POST /verify` type `email_change` with a code and the address it was mailed to: a
    /// session, or GoTrue's message while the other address of a secure change is still due.
    func verifyEmailChange(email: String, token: String) async throws -> SupabaseVerifyResponse
    /// `POST /verify` type `email_change` with an emailed link's `token_hash`.
    func verifyEmailChange(tokenHash: String) async throws -> SupabaseVerifyResponse
    /// `PUT /user` with an email, a password, a nonce or `data`.
    func updateUser(bearer: String, change: SupabaseUserChange) async throws -> SupabaseUserPayload
    /// `GET /reauthenticate`.
    func reauthenticate(bearer: String) async throws
    /// `POST /resend` with a type and an email.
    func resend(type: String, email: String) async throws
}
