import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The Supabase Auth (GoTrue) semantics, written once: who is a new user, how identities link
/// by verified email, refresh-token rotation and reuse, email one-time codes, and which errors
/// come back. The in-process `InProcessSupabaseBackend` and the emulator's `/auth/v1` routes
/// both call it.
///
/// ID tokens are verified as the real service does: RS256 by `kid` from the provider's JWKS,
/// issuer, audience against the configured client ids, expiry, and the nonce rule (the
/// SHA-256 hex of the raw nonce must equal the claim; one without the other is refused).
public final class SupabaseEngine: Sendable {
    /// The configuration.
    public let configuration: SupabaseEngineConfiguration
    let store: Locked<SupabaseStore>
    let mailbox: SimulatedMailbox
    let clock: AuthClock
    /// One verifier per identity provider, looked up by provider.
    let verifiers: [ProviderID: ProviderTokenVerifier]

    /// Creates an engine.
    /// - Parameters:
    ///   - configuration: Keys, client ids, limits.
    ///   - clock: The time source.
    ///   - mailbox: Where OTP emails go.
    ///   - providerKeys: Each identity provider's JWKS, as this relying party caches it.
    package init(configuration: SupabaseEngineConfiguration, clock: AuthClock, mailbox: SimulatedMailbox,
                 providerKeys: [ProviderID: KeySetCache], state: SupabaseState = SupabaseState()) {
        self.configuration = configuration
        self.clock = clock
        self.mailbox = mailbox
        self.store = Locked(SupabaseStore(state: state, configuration: configuration))
        self.verifiers = IDTokenPolicies.verifiers(
            keys: providerKeys, clientIDs: configuration.clientIDs, skipNonceCheck: configuration.skipNonceCheck)
    }

    /// A copy of all state, for persistence.
    package func snapshot() async -> SupabaseState { store.withLock { $0.snapshot } }

    /// Runs one step of the service's rules on its state, atomically.
    func mutate<Result>(_ body: (inout SupabaseStore) throws(SupabaseFailure) -> Result) throws(SupabaseFailure) -> Result {
        try store.withExclusiveAccess(body)
    }

    var nowSeconds: Int64 { Int64(clock.now().timeIntervalSince1970) }

    // MARK: - Token endpoint

    /// `grant_type=id_token`: sign in, or link when `link_identity` is set.
    package func grantIDToken(_ request: SupabaseIDTokenRequest, bearer: String?) async throws(SupabaseFailure) -> SupabaseSessionPayload {
        guard let idToken = request.idToken, !idToken.isEmpty else { throw .badIDToken("id_token required") }
        guard let provider = request.provider.flatMap({ $0.isEmpty ? nil : ProviderWireNames.provider(supabase: $0.lowercased()) })
            ?? providerFromIssuer(request.issuer)
        else {
            throw .badIDToken("provider or client_id and issuer required")
        }
        let identity = try await verify(idToken, provider: provider, rawNonce: request.nonce, accessToken: request.accessToken)
        let issued: SupabaseStore.Issued
        if request.linkIdentity == true {
            let caller = try await authenticate(bearer)
            issued = try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.link(identity, toUser: caller.userID, now: clock.now()) }
        } else {
            issued = try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.signIn(with: identity, now: clock.now()) }
        }
        return try sessionPayload(issued)
    }

    /// `grant_type=refresh_token`: rotate the refresh token.
    package func grantRefreshToken(_ token: String?) async throws(SupabaseFailure) -> SupabaseSessionPayload {
        guard let token, !token.isEmpty else { throw .validation("Refresh token is not valid") }
        return try sessionPayload(try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.refresh(token: token, now: clock.now()) })
    }

    /// `POST /signup` without email or phone: an anonymous user.
    package func signUpAnonymously(data: JSONObject) async throws(SupabaseFailure) -> SupabaseSessionPayload {
        try sessionPayload(try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.signUpAnonymously(data: data, now: clock.now()) })
    }

    // MARK: - Email codes

    /// `POST /otp` with an email: creates the user if allowed and mails a code.
    package func sendOTP(email rawEmail: String?, createUser: Bool, data: JSONObject) async throws(SupabaseFailure) {
        let email = try normalizedEmail(rawEmail)
        let (code, kind) = try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.requestOTP(email: email, createUser: createUser, data: data, now: clock.now()) }
        await mailbox.deliver(MailMessage(code: code, link: nil, kind: kind, sender: "supabase", sentAt: clock.now()), to: email)
    }

    /// `POST /verify` with `type`, `email` and `token`.
    package func verifyOTP(type: String?, email rawEmail: String?, token: String?) async throws(SupabaseFailure) -> SupabaseSessionPayload {
        guard let type, ["email", "magiclink", "signup", "recovery"].contains(type) else {
            throw .validation("Verify requires a verification type of email, magiclink, signup or recovery")
        }
        let email = try normalizedEmail(rawEmail, status: 422)
        guard let token, !token.isEmpty else { throw .validation("Verify requires a token or a token hash") }
        return try sessionPayload(try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.verifyOTP(email: email, code: token, now: clock.now()) })
    }

    // MARK: - User

    /// `GET /user`.
    package func user(bearer: String?) async throws(SupabaseFailure) -> SupabaseUserPayload {
        try await authenticate(bearer).user.payload
    }

    /// `PUT /user` with `data` (merged into `user_metadata`).
    package func updateUser(bearer: String?, data: JSONObject?, email: String?, password: String?) async throws(SupabaseFailure) -> SupabaseUserPayload {
        let caller = try await authenticate(bearer)
        guard email == nil, password == nil else {
            throw .validation("Changing the email or password is not supported by this emulator", status: 422)
        }
        return try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.updateUser(caller.userID, data: data, now: clock.now()) }.payload
    }

    /// `DELETE /user/identities/{identity_id}`.
    package func unlinkIdentity(bearer: String?, identityID: String) async throws(SupabaseFailure) -> SupabaseUserPayload {
        let caller = try await authenticate(bearer)
        return try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.unlinkIdentity(identityID, fromUser: caller.userID, now: clock.now()) }.payload
    }

    /// `POST /logout?scope=`.
    package func logout(bearer: String?, scope: String?) async throws(SupabaseFailure) {
        let caller = try await authenticate(bearer)
        try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.logout(userID: caller.userID, sessionID: caller.sessionID, scope: scope ?? "global") }
    }

    // MARK: - Admin

    /// `DELETE /admin/users/{id}` with a `service_role` token.
    package func adminDeleteUser(bearer: String?, userID: String) async throws(SupabaseFailure) {
        try requireAdmin(bearer)
        guard UUID(uuidString: userID) != nil else { throw .api(status: 404, code: "validation_failed", message: "user_id must be an UUID") }
        try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.deleteUser(userID.lowercased()) }
    }

    /// `PUT /admin/users/{id}` with `ban_duration` (`"none"` lifts a ban).
    package func adminBanUser(bearer: String?, userID: String, banDuration: String) async throws(SupabaseFailure) -> SupabaseUserPayload {
        try requireAdmin(bearer)
        let until: Date?
        if banDuration == "none" {
            until = nil
        } else if let hours = banDuration.hasSuffix("h") ? Double(banDuration.dropLast()) : nil {
            until = clock.now().addingTimeInterval(hours * 3600)
        } else {
            throw .validation("invalid format for ban duration: \(banDuration)")
        }
        return try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.ban(userID.lowercased(), until: until) }.payload
    }

    /// A `service_role` key for the admin routes, as the Supabase CLI prints one.
    package func serviceRoleKey() throws -> String {
        try configuration.accessTokenKey.sign([
            "iss": .string("supabase-demo"), "role": .string("service_role"), "exp": .int(nowSeconds + 10 * 365 * 86_400),
        ])
    }

    /// The public keys of asymmetric access-token keys (`/.well-known/jwks.json`); empty for HS256.
    package var jwks: JSONObject {
        ["keys": .array(configuration.accessTokenKey.publicJWK.map { [.object($0)] } ?? [])]
    }

    // MARK: - Helpers

    private func providerFromIssuer(_ issuer: String?) -> ProviderID? {
        guard let issuer else { return nil }
        return verifiers.first { $0.value.verifier.policy.issuers.contains(issuer) }?.key
    }

    private func normalizedEmail(_ raw: String?, status: Int = 400) throws(SupabaseFailure) -> String {
        guard let raw, let email = try? EmailAddress.normalized(raw) else {
            throw .validation("Unable to validate email address: invalid format", status: status)
        }
        return email
    }

    func requireAdmin(_ bearer: String?) throws(SupabaseFailure) {
        guard let bearer, !bearer.isEmpty else { throw .noAuthorization }
        guard let jws = try? CompactJWS(parsing: bearer), configuration.accessTokenKey.isValidSignature(of: jws) else {
            throw .badJWT("signature is invalid")
        }
        guard let role = jws.payload["role"]?.stringValue, ["service_role", "supabase_admin"].contains(role) else { throw .notAdmin }
    }
}
