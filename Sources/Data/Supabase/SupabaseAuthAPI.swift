import AuthJWT

/// The Supabase Auth (GoTrue) endpoints the backend uses, in wire types. Implemented over HTTP
/// (`SupabaseRESTClient`) and over the in-process engine, so that ``SupabaseAuthBackend`` is
/// one piece of code in front of either.
///
/// Methods throw ``SupabaseFailure`` for refusals and `AuthError.network` for transport
/// failures.
package protocol SupabaseAuthAPI: SupabasePasswordAPI, SupabasePasskeyAPI {
    /// `POST /token?grant_type=id_token`.
    func token(idToken request: SupabaseIDTokenRequest, bearer: String?) async throws -> SupabaseSessionPayload
    /// `POST /token?grant_type=refresh_token`.
    func token(refreshToken: String) async throws -> SupabaseSessionPayload
    /// `POST /signup` with no email: an anonymous user.
    func signUpAnonymously() async throws -> SupabaseSessionPayload
    /// `POST /otp` with an email.
    func otp(email: String, createUser: Bool) async throws
    /// `POST /verify` with an email code.
    func verify(email: String, token: String, type: String) async throws -> SupabaseSessionPayload
    /// `GET /user`.
    func user(bearer: String) async throws -> SupabaseUserPayload
    /// `PUT /user` with `data`.
    func updateUser(bearer: String, data: JSONObject) async throws -> SupabaseUserPayload
    /// `DELETE /user/identities/{identity_id}`.
    func deleteIdentity(bearer: String, identityID: String) async throws
    /// `POST /logout?scope=`.
    func logout(bearer: String, scope: String) async throws
    /// The account-deletion Edge Function (`POST /functions/v1/delete-account`).
    func deleteAccount(bearer: String) async throws
    /// Seconds between two emails to one user, as the project is configured.
    var emailResendInterval: Double { get }
    /// `POST /factors` with `factor_type: totp`.
    func enrollFactor(bearer: String, friendlyName: String?, issuer: String?) async throws -> SupabaseEnrolledFactorPayload
    /// `POST /factors/{id}/challenge`.
    func challengeFactor(bearer: String, factorID: String) async throws -> SupabaseChallengePayload
    /// `POST /factors/{id}/verify`.
    func verifyFactor(bearer: String, factorID: String, challengeID: String, code: String) async throws -> SupabaseSessionPayload
    /// `DELETE /factors/{id}`.
    func unenrollFactor(bearer: String, factorID: String) async throws
}
