import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The Supabase Auth (GoTrue) semantics, written once: who is a new user, how identities link
/// by verified email, refresh-token rotation and reuse, email one-time codes, rate limits, and
/// which errors come back. The in-process `SupabaseAuthBackend(engine:)` and the emulator's
/// `/auth/v1` routes both call it.
///
/// ID tokens are verified as the real service does: RS256 by `kid` from the provider's JWKS,
/// issuer, audience against the configured client ids, expiry, and the nonce rule (the
/// SHA-256 hex of the raw nonce must equal the claim; one without the other is refused).
///
/// Rate limits are kept per client: the emulator passes the peer address of the connection
/// (GoTrue keys by the `Sb-Forwarded-For` address its gateway adds); in process every call comes
/// from ``inProcessClient``, the one app using the engine.
public final class SupabaseEngine: Sendable {
    /// The client key of in-process calls.
    package static let inProcessClient = "in-process"

    /// The configuration.
    public let configuration: SupabaseEngineConfiguration
    /// Where the users, sessions and codes are kept; each request is one step.
    package let storage: any SimulationStorage
    let limiter = Locked(SupabaseRateLimiter())
    let mailbox: SimulatedMailbox
    let clock: AuthClock
    /// One verifier per identity provider, looked up by provider.
    let verifiers: [ProviderID: ProviderTokenVerifier]
    /// The providers' OAuth front doors, for browser sign-ins; `nil` where none are reachable.
    let webFlow: ProviderWebFlow?
    /// Where bcrypt runs: off the concurrency pool, a few at a time.
    let hashing = HashingThreads()

    /// Creates an engine.
    /// - Parameters:
    ///   - configuration: Keys, client ids, limits.
    ///   - clock: The time source.
    ///   - mailbox: Where OTP emails go.
    ///   - providerKeys: Each identity provider's JWKS, as this relying party caches it.
    ///   - storage: Where the engine's rows are kept (shared with the mailbox).
    ///   - webFlow: The providers' OAuth front doors, for browser sign-ins.
    package init(
        configuration: SupabaseEngineConfiguration, clock: AuthClock, mailbox: SimulatedMailbox,
        providerKeys: [ProviderID: KeySetCache], storage: any SimulationStorage, webFlow: ProviderWebFlow? = nil
    ) {
        self.configuration = configuration
        self.webFlow = webFlow
        self.clock = clock
        self.mailbox = mailbox
        self.storage = storage
        self.verifiers = IDTokenPolicies.verifiers(
            keys: providerKeys, clientIDs: configuration.clientIDs, skipNonceCheck: configuration.skipNonceCheck)
    }

    /// Runs one step of the service's rules as one storage transaction, committed before it
    /// returns (also when the rules refuse: what they did before refusing is kept), on the
    /// caller's thread, which waits for the storage's writer; requests take ``step(_:)``.
    /// - Parameter body: The step, with the rules and the step's other rows (the mailbox).
    /// - Returns: What the step returned.
    /// - Throws: The rules' refusal, or ``SupabaseFailure/databaseError``.
    func stepBlocking<Result>(_ body: (SupabaseStore, any SimulationRows) throws(SupabaseFailure) -> Result) throws(SupabaseFailure)
        -> Result
    {
        try storage.transaction(storageFailure: { _ in .databaseError }) { (rows: any SimulationRows) throws(SupabaseFailure) -> Result in
            try body(SupabaseStore(rows: rows.supabase, configuration: configuration), rows)
        }
    }

    /// Runs one step of the rules on the engine's rows alone, on the caller's thread.
    func mutateBlocking<Result>(_ body: (SupabaseStore) throws(SupabaseFailure) -> Result) throws(SupabaseFailure) -> Result {
        try stepBlocking { (store: SupabaseStore, _: any SimulationRows) throws(SupabaseFailure) -> Result in try body(store) }
    }

    /// ``stepBlocking(_:)`` for a request: its task is suspended, not its thread, while the step
    /// waits for the storage's writer (``SimulationStorage/writeSuspending(_:)``).
    func step<Result>(_ body: (SupabaseStore, any SimulationRows) throws(SupabaseFailure) -> Result) async throws(SupabaseFailure)
        -> Result
    {
        try await storage.transaction(storageFailure: { _ in .databaseError }) {
            (rows: any SimulationRows) throws(SupabaseFailure) -> Result in
            try body(SupabaseStore(rows: rows.supabase, configuration: configuration), rows)
        }
    }

    /// ``mutateBlocking(_:)`` for a request: suspended, not blocking, while the step waits for the writer.
    func mutate<Result>(_ body: (SupabaseStore) throws(SupabaseFailure) -> Result) async throws(SupabaseFailure) -> Result {
        try await step { (store: SupabaseStore, _: any SimulationRows) throws(SupabaseFailure) -> Result in try body(store) }
    }

    /// Reads through the rules without writing (a consistent snapshot, beside writers).
    func inspect<Result>(_ body: (SupabaseStore) throws(SupabaseFailure) -> Result) throws(SupabaseFailure) -> Result {
        try storage.snapshot(storageFailure: { _ in .databaseError }) { (rows: any SimulationRows) throws(SupabaseFailure) -> Result in
            try body(SupabaseStore(rows: rows.supabase, configuration: configuration))
        }
    }

    var nowSeconds: Int64 { Int64(clock.now().timeIntervalSince1970) }

    // MARK: - Token endpoint

    /// `grant_type=id_token`: sign in, or link when `link_identity` is set.
    package func grantIDToken(_ request: SupabaseIDTokenRequest, bearer: String?, client: String = inProcessClient)
        async throws(SupabaseFailure) -> SupabaseSessionPayload
    {
        try limit(\.token, "token", client: client)
        guard let idToken = request.idToken, !idToken.isEmpty else { throw .badIDToken("id_token required") }
        guard
            let provider = request.provider.flatMap({ $0.isEmpty ? nil : ProviderWireNames.provider(supabase: $0.lowercased()) })
                ?? providerFromIssuer(request.issuer)
        else {
            throw .badIDToken("provider or client_id and issuer required")
        }
        // GoTrue internal/api/token_oidc.go: a provider turned off (GOTRUE_EXTERNAL_<PROVIDER>_ENABLED).
        guard configuration.settings.enabledProviders.contains(provider) else {
            // GoTrue's provider.IssuerApple and provider.IssuerGoogle (internal/api/provider/apple.go, google.go).
            let issuers = [ProviderID.apple: "https://appleid.apple.com", .google: "https://accounts.google.com"]
            let issuer = issuers[provider] ?? provider.rawValue
            throw .api(status: 400, code: "provider_disabled", message: "Provider (issuer \"\(issuer)\") is not enabled")
        }
        let identity = try await verify(idToken, provider: provider, rawNonce: request.nonce, accessToken: request.accessToken)
        let issued: SupabaseStore.Issued
        if request.linkIdentity == true {
            guard bearer?.isEmpty == false else { throw .badIDToken("Linking requires a valid user access token in Authorization") }
            let caller = try await authenticate(bearer)
            issued = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
                try store.link(identity, toUser: caller.userID, now: clock.now())
            }
        } else {
            issued = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in try store.signIn(with: identity, now: clock.now())
            }
        }
        return try sessionPayload(issued)
    }

    /// `grant_type=refresh_token`: rotate the refresh token.
    package func grantRefreshToken(_ token: String?, client: String = inProcessClient) async throws(SupabaseFailure)
        -> SupabaseSessionPayload
    {
        try limit(\.token, "token", client: client)
        guard let token, !token.isEmpty else { throw .validation("Refresh token is not valid") }
        return try await sessionPayload(
            try mutate { (store: SupabaseStore) throws(SupabaseFailure) in try store.refresh(token: token, now: clock.now()) })
    }

    /// `POST /signup` (GoTrue internal/api/signup.go): without email and phone an anonymous user
    /// (limited per client by `GOTRUE_RATE_LIMIT_ANONYMOUS_USERS`); with an email and a password
    /// an email + password user (``signUpWithPassword(email:password:data:)``); phone sign-ups
    /// are off, as in a project without an SMS provider.
    package func signUp(
        email: String?, phone: String?, password: String?, data: JSONObject, referrers: [String?] = [],
        pkce: SupabaseCodeChallenge? = nil, client: String = inProcessClient
    ) async throws(SupabaseFailure) -> SupabaseSignUpAnswer {
        let hasEmail = email?.isEmpty == false
        let hasPhone = phone?.isEmpty == false
        guard hasEmail || hasPhone else {
            // GoTrue internal/api/api.go (the /signup route), then api/anonymous.go.
            guard configuration.settings.anonymousUsersEnabled else { throw .anonymousDisabled }
            try limit(\.anonymousUsers, "anonymous", client: client)
            if configuration.settings.disableSignup { throw .signupDisabled }
            try checkMetadataSize(data)
            return await .session(
                try sessionPayload(
                    try mutate { (store: SupabaseStore) throws(SupabaseFailure) in
                        try store.signUpAnonymously(data: data, now: clock.now())
                    }))
        }
        try limit(\.otp, "signup", client: client)
        // GoTrue internal/api/signup.go: sign-ups off first, then the parameters, then the provider.
        if configuration.settings.disableSignup { throw .signupDisabled }
        guard let password, !password.isEmpty else { throw .validation("Signup requires a valid password") }
        try SupabasePasswordPolicy.check(password, settings: configuration.settings)
        guard !(hasEmail && hasPhone) else { throw .validation("Only an email address or phone number should be provided on signup.") }
        guard hasEmail else { throw .api(status: 400, code: "phone_provider_disabled", message: "Phone signups are disabled") }
        guard configuration.settings.emailEnabled else {
            throw .api(status: 400, code: "email_provider_disabled", message: "Email signups are disabled")
        }
        return try await signUpWithPassword(email: email ?? "", password: password, data: data, referrers: referrers, pkce: pkce)
    }

    /// `POST /signup` without email or phone: an anonymous user.
    package func signUpAnonymously(data: JSONObject, client: String = inProcessClient) async throws(SupabaseFailure)
        -> SupabaseSessionPayload
    {
        guard case .session(let session) = try await signUp(email: nil, phone: nil, password: nil, data: data, client: client) else {
            throw .databaseError
        }
        return session
    }

    // MARK: - Helpers

    /// Takes a token from the client's bucket of a GoTrue limit (429 `over_request_rate_limit`
    /// when empty); nothing when the project's rate limits are off.
    func limit(_ which: KeyPath<SupabaseRateLimits, SupabaseRateLimits.Limit>, _ name: String, client: String) throws(SupabaseFailure) {
        // An empty client: the request named none in GOTRUE_RATE_LIMIT_HEADER (GoTrue does not limit it).
        guard let limits = configuration.settings.rateLimits, !client.isEmpty else { return }
        let now = clock.now()
        guard limiter.withLock({ $0.allow(limits[keyPath: which], key: name + "|" + client, now: now) }) else {
            throw .overRequestRateLimit
        }
    }

    /// Counts a mail against `GOTRUE_RATE_LIMIT_EMAIL_SENT` (GoTrue `internal/api/mail.go`
    /// `sendEmail`): 0 refuses every mail; with autoconfirm nothing is counted.
    /// - Throws: 429 `over_email_send_rate_limit`.
    func countEmailSent() throws(SupabaseFailure) {
        guard let limit = configuration.settings.rateLimits?.emailSent else { return }
        if limit.events == 0 { throw .emailSendRateLimit }
        guard !configuration.settings.mailerAutoconfirm else { return }
        let now = clock.now()
        guard limiter.withLock({ $0.allowEmail(limit, now: now) }) else { throw .emailSendRateLimit }
    }

    /// Refuses `user_metadata` larger than ``SupabaseEngineConfiguration/maxUserMetadataBytes``.
    func checkMetadataSize(_ data: JSONObject?) throws(SupabaseFailure) {
        guard let data, !data.isEmpty else { return }
        let size = JSONValue.object(data).serialized().count
        guard size <= configuration.maxUserMetadataBytes else {
            throw .validation("user_metadata is too large (\(size) bytes; at most \(configuration.maxUserMetadataBytes))")
        }
    }

    private func providerFromIssuer(_ issuer: String?) -> ProviderID? {
        guard let issuer else { return nil }
        return verifiers.first { $0.value.verifier.policy.issuers.contains(issuer) }?.key
    }

    func normalizedEmail(_ raw: String?, status: Int = 400) throws(SupabaseFailure) -> String {
        guard let raw, let email = try? EmailAddress.normalized(raw) else {
            throw .validation("Unable to validate email address: invalid format", status: status)
        }
        return email
    }
}
