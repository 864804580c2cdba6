import AuthData
import AuthDomain
import AuthJWT
import Crypto
import Foundation

/// The Firebase Auth semantics, written once: Identity Toolkit sign-in with an IdP token,
/// anonymous sign-up, email-link sign-in, account lookup/update/delete, Secure Token refresh.
/// The in-process `FirebaseAuthBackend(engine:)` and the emulator's Identity Toolkit routes both
/// call it.
///
/// Unlike Google's emulator, it verifies Apple and Google tokens and nonces as production does,
/// refuses a replayed Apple token, signs its ID tokens (RS256) and demands a recent sign-in
/// before deleting an account.
public final class FirebaseEngine: Sendable {
    /// The configuration.
    public let configuration: FirebaseEngineConfiguration
    /// Where the project's accounts are kept; each request is one step.
    package let storage: any SimulationStorage
    let mailbox: SimulatedMailbox
    let clock: AuthClock
    /// One verifier per identity provider, looked up by provider.
    let verifiers: [ProviderID: ProviderTokenVerifier]
    /// The providers' OAuth front doors, for `createAuthUri` sign-ins; `nil` where none are reachable.
    let webFlow: ProviderWebFlow?
    /// `createAuthUri` sessions waiting for the provider's answer (memory only: they live minutes).
    let webSessions = Locked(FirebaseWebSessions(capacity: FirebaseEngine.webSessionCapacity, lifetime: FirebaseEngine.webSessionLifetime))

    /// Creates the engine of one project.
    /// - Parameters:
    ///   - configuration: The project, keys, limits.
    ///   - clock: The time source.
    ///   - mailbox: Where sign-in links are mailed.
    ///   - providerKeys: Each identity provider's JWKS, as this relying party caches it.
    ///   - storage: Where the project's rows are kept (shared with the mailbox).
    ///   - webFlow: The providers' OAuth front doors, for `createAuthUri`.
    package init(configuration: FirebaseEngineConfiguration, clock: AuthClock, mailbox: SimulatedMailbox,
                 providerKeys: [ProviderID: KeySetCache], storage: any SimulationStorage, webFlow: ProviderWebFlow? = nil) {
        self.configuration = configuration
        self.webFlow = webFlow
        self.clock = clock
        self.mailbox = mailbox
        self.storage = storage
        self.verifiers = IDTokenPolicies.verifiers(keys: providerKeys, clientIDs: configuration.clientIDs, skipNonceCheck: [])
    }

    /// Runs one step of the rules as one storage transaction, committed before it returns (also
    /// when the rules refuse: what they did before refusing is kept).
    /// - Parameter body: The step, with the project's rules and the step's other rows (the mailbox).
    /// - Returns: What the step returned.
    /// - Throws: The rules' refusal, or `INTERNAL_ERROR` (500) when the storage failed.
    func step<Result>(_ body: (FirebaseStore, any SimulationRows) throws(FirebaseFailure) -> Result) throws(FirebaseFailure) -> Result {
        do {
            return try storage.write { (rows: any SimulationRows) throws(FirebaseFailure) -> Result in
                try body(FirebaseStore(rows: rows.firebase(project: configuration.projectID), configuration: configuration), rows)
            }
        } catch {
            switch error {
            case .step(let failure): throw failure
            case .storage: throw .code("INTERNAL_ERROR", status: 500)
            }
        }
    }

    /// Runs one step of the rules on the project's rows alone.
    func mutate<Result>(_ body: (FirebaseStore) throws(FirebaseFailure) -> Result) throws(FirebaseFailure) -> Result {
        try step { (store: FirebaseStore, _: any SimulationRows) throws(FirebaseFailure) -> Result in try body(store) }
    }

    /// Reads through the rules without writing.
    func inspect<Result>(_ body: (FirebaseStore) throws(FirebaseFailure) -> Result) throws(FirebaseFailure) -> Result {
        do {
            return try storage.read { (rows: any SimulationRows) throws(FirebaseFailure) -> Result in
                try body(FirebaseStore(rows: rows.firebase(project: configuration.projectID), configuration: configuration))
            }
        } catch {
            switch error {
            case .step(let failure): throw failure
            case .storage: throw .code("INTERNAL_ERROR", status: 500)
            }
        }
    }

    var now: Date { clock.now() }
    var nowSeconds: Int64 { Int64(clock.now().timeIntervalSince1970) }
    var expiresIn: String { String(configuration.idTokenLifetime) }

    // MARK: - Anonymous, lookup, update, delete

    /// `accounts:signUp` without an email: an anonymous user.
    /// - Parameters:
    ///   - request: The request.
    ///   - client: The client's address (for the new-account limit); `nil` in process.
    /// - Returns: The new user's tokens.
    /// - Throws: `OPERATION_NOT_ALLOWED` for an email or password, `TOO_MANY_ATTEMPTS_TRY_LATER`.
    package func signUp(_ request: FirebaseSignUpRequest, client: String? = nil) async throws(FirebaseFailure) -> FirebaseSignUpResponse {
        guard request.email == nil, request.password == nil else {
            throw .code("OPERATION_NOT_ALLOWED", "Password sign-up is not enabled for this project.")
        }
        let authTime = nowSeconds
        let (user, refreshToken) = try mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let user = try store.signUpAnonymously(client: client, now: now)
            return (user, store.issueRefreshToken(for: user.localId, signInProvider: "anonymous", authTime: authTime, now: now))
        }
        let idToken = try mintIDToken(for: user, signInProvider: "anonymous", authTime: authTime)
        return FirebaseSignUpResponse(localId: user.localId, idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }

    /// `accounts:lookup` with the user's ID token.
    package func lookup(idToken: String?) async throws(FirebaseFailure) -> FirebaseLookupResponse {
        let caller = try await authenticate(idToken)
        let payload = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.lookupPayload(caller.user, admin: false) }
        return FirebaseLookupResponse(users: [payload])
    }

    /// `accounts:update` with the user's ID token (profile, `deleteProvider`).
    package func update(_ request: FirebaseUpdateRequest) async throws(FirebaseFailure) -> FirebaseUpdateResponse {
        let caller = try await authenticate(request.idToken)
        guard request.email == nil, request.password == nil else {
            throw .code("OPERATION_NOT_ALLOWED", "Changing the email or password is not supported by this emulator.")
        }
        let returnToken = request.returnSecureToken == true
        let (user, refreshToken) = try mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let user = try store.update(caller.localId, with: request, isAdmin: false, now: now)
            let refreshToken = returnToken
                ? store.issueRefreshToken(for: user.localId, signInProvider: caller.signInProvider, authTime: caller.authTime, now: now) : nil
            return (user, refreshToken)
        }
        var response = FirebaseUpdateResponse(user: user.payload)
        if let refreshToken {
            response.idToken = try mintIDToken(for: user, signInProvider: caller.signInProvider, authTime: caller.authTime)
            response.refreshToken = refreshToken
            response.expiresIn = expiresIn
        }
        return response
    }

    /// `accounts:delete` with the user's ID token; requires a sign-in within the recent-login
    /// window.
    package func deleteAccount(idToken: String?) async throws(FirebaseFailure) {
        let caller = try await authenticate(idToken)
        guard TimeInterval(nowSeconds - caller.authTime) <= configuration.recentLoginWindow else { throw .credentialTooOld }
        try mutate { (store: FirebaseStore) throws(FirebaseFailure) in try store.delete(caller.localId) }
    }

    // MARK: - Secure Token

    /// `securetoken.googleapis.com/v1/token` with `grant_type=refresh_token`.
    package func secureToken(grantType: String?, refreshToken: String?) async throws(FirebaseFailure) -> FirebaseSecureTokenResponse {
        guard let grantType, !grantType.isEmpty else { throw .code("MISSING_GRANT_TYPE") }
        guard grantType == "refresh_token" else { throw .code("INVALID_GRANT_TYPE") }
        guard let refreshToken, !refreshToken.isEmpty else { throw .code("MISSING_REFRESH_TOKEN") }
        let now = self.now
        let (user, record) = try mutate { (store: FirebaseStore) throws(FirebaseFailure) in try store.refresh(refreshToken, now: now) }
        let idToken = try mintIDToken(for: user, signInProvider: record.signInProvider, authTime: record.authTime)
        return FirebaseSecureTokenResponse(idToken: idToken, expiresIn: expiresIn, refreshToken: refreshToken, userId: user.localId, projectId: configuration.projectNumber)
    }
}
