import AuthDomain
import AuthJWT
import Foundation

/// The ``AuthBackend`` for Supabase Auth: ID-token sign-in and linking, anonymous users, email
/// OTP, refresh-token rotation, profile metadata, sign-out scopes, account deletion.
///
/// The same adapter runs over HTTP against a Supabase project or the emulator
/// (``init(configuration:transport:clock:)``) and over the in-process engine (AuthSimulation's
/// `SupabaseAuthBackend(engine:)`), so both report users, sessions and errors identically.
///
/// ```swift
/// let backend = SupabaseAuthBackend(
///     configuration: SupabaseConfiguration(projectURL: URL(string: "https://abc.supabase.co")!, apiKey: anonKey),
///     transport: .urlSession(), clock: .live)
/// ```
public struct SupabaseAuthBackend: AuthBackend {
    let api: any SupabaseAuthAPI
    let clock: AuthClock

    package init(api: any SupabaseAuthAPI, clock: AuthClock) {
        self.api = api
        self.clock = clock
    }

    /// Signs in with an ID token (`grant_type=id_token`, raw nonce in `nonce`).
    /// - Parameter credential: The ID token and raw nonce.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``.
    public func signIn(with credential: IDTokenCredential) async throws(AuthError) -> BackendSignIn {
        try await call {
            SupabaseWireMapping.signIn(try await api.token(idToken: Self.request(credential, link: false), bearer: nil), flow: .idToken)
        }
    }

    /// Creates an anonymous user (`POST /signup` with no email).
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``.
    public func signInAnonymously() async throws(AuthError) -> BackendSignIn {
        try await call { SupabaseWireMapping.signIn(try await api.signUpAnonymously(), flow: .anonymous) }
    }

    /// Sends a 6-digit code (`POST /otp`, creating the user when new).
    /// - Parameter email: The address.
    /// - Returns: The challenge.
    /// - Throws: ``AuthError``.
    public func sendEmailCode(to email: String) async throws(AuthError) -> EmailCodeChallenge {
        try await call { try await api.otp(email: email, createUser: true) }
        let now = clock.now()
        return EmailCodeChallenge(email: email, sentAt: now, resendAvailableAt: now.addingTimeInterval(api.emailResendInterval))
    }

    /// Verifies a code (`POST /verify`, type `email`).
    /// - Parameters:
    ///   - code: The code.
    ///   - email: The address.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``.
    public func verifyEmailCode(_ code: Secret, email: String) async throws(AuthError) -> BackendSignIn {
        try await call {
            SupabaseWireMapping.signIn(try await api.verify(email: email, token: code.revealed, type: "email"), flow: .emailCode)
        }
    }

    /// Rotates the refresh token (`grant_type=refresh_token`).
    /// - Parameter refreshToken: The current refresh token.
    /// - Returns: The new session.
    /// - Throws: ``AuthError``.
    public func refreshSession(refreshToken: Secret) async throws(AuthError) -> AuthSession {
        try await call { SupabaseWireMapping.session(try await api.token(refreshToken: refreshToken.revealed)) }
    }

    /// Reads the user (`GET /user`).
    /// - Parameter accessToken: The access token.
    /// - Returns: The user.
    /// - Throws: ``AuthError``.
    public func user(accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await call { SupabaseWireMapping.user(try await api.user(bearer: accessToken.revealed)) }
    }

    /// Writes `full_name`, `name`, `first_name`, `last_name` to `user_metadata` (`PUT /user`).
    /// - Parameters:
    ///   - update: The name.
    ///   - accessToken: The access token.
    /// - Returns: The user.
    /// - Throws: ``AuthError``.
    public func updateProfile(_ update: ProfileUpdate, accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await call {
            SupabaseWireMapping.user(
                try await api.updateUser(bearer: accessToken.revealed, data: SupabaseWireMapping.metadata(for: update.name)))
        }
    }

    /// Links an identity (`grant_type=id_token` with `link_identity: true`).
    /// - Parameters:
    ///   - credential: The ID token and raw nonce.
    ///   - accessToken: The access token.
    /// - Returns: The new session for the same user.
    /// - Throws: ``AuthError``: `credentialAlreadyInUse` (`identity_already_exists`, `email_exists`).
    public func link(_ credential: IDTokenCredential, accessToken: Secret) async throws(AuthError) -> BackendSignIn {
        do {
            return try await call {
                let payload = try await api.token(idToken: Self.request(credential, link: true), bearer: accessToken.revealed)
                return BackendSignIn(
                    session: SupabaseWireMapping.session(payload), user: SupabaseWireMapping.user(payload.user), isNewUser: false)
            }
        } catch .credentialAlreadyInUse(let error, nil) {
            // Supabase keeps no record of spent ID tokens: the same credential signs in to the
            // account that owns the identity, until the token expires.
            throw AuthError.credentialAlreadyInUse(error, recovery: credential)
        }
    }

    /// Removes an identity (`DELETE /user/identities/{identity_id}`); Supabase refuses to remove
    /// the last one (`single_identity_not_deletable`).
    /// - Parameters:
    ///   - provider: The provider to remove.
    ///   - accessToken: The access token.
    /// - Returns: The user.
    /// - Throws: ``AuthError``.
    public func unlink(_ provider: ProviderID, accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await call {
            let user = try await api.user(bearer: accessToken.revealed)
            guard let identity = user.identities.first(where: { $0.provider == ProviderWireNames.supabase(provider) }) else {
                throw SupabaseFailure.api(status: 422, code: "identity_not_found", message: "Identity doesn't exist")
            }
            try await api.deleteIdentity(bearer: accessToken.revealed, identityID: identity.identityID)
            return SupabaseWireMapping.user(try await api.user(bearer: accessToken.revealed))
        }
    }

    /// Ends sessions (`POST /logout?scope=`).
    /// - Parameters:
    ///   - accessToken: The access token.
    ///   - scope: Which sessions.
    /// - Throws: ``AuthError``.
    public func signOut(accessToken: Secret, scope: SignOutScope) async throws(AuthError) {
        try await call { try await api.logout(bearer: accessToken.revealed, scope: scope.rawValue) }
    }

    /// Deletes the account. Supabase Auth has no self-service endpoint; this calls the
    /// `delete-account` Edge Function (see Docs/Backends.md, "Account deletion on Supabase").
    /// - Parameter accessToken: The access token.
    /// - Throws: ``AuthError``.
    public func deleteAccount(accessToken: Secret) async throws(AuthError) {
        try await call { try await api.deleteAccount(bearer: accessToken.revealed) }
    }

    private static func request(_ credential: IDTokenCredential, link: Bool) -> SupabaseIDTokenRequest {
        SupabaseIDTokenRequest(
            provider: ProviderWireNames.supabase(credential.provider), idToken: credential.idToken.revealed,
            accessToken: credential.accessToken?.revealed, nonce: credential.rawNonce?.revealed, linkIdentity: link)
    }

    func call<T>(_ body: () async throws -> T) async throws(AuthError) -> T {
        do {
            return try await body()
        } catch let failure as SupabaseFailure {
            throw SupabaseWireMapping.error(failure)
        } catch let error as AuthError {
            throw error
        } catch {
            throw AuthError.network("\(error)")
        }
    }
}
