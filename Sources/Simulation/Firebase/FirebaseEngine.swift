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
    /// Where password hashes are made and checked: off the concurrency pool, a few at a time.
    let hashing = HashingThreads()
    /// `createAuthUri` sessions waiting for the provider's answer (memory only: they live minutes).
    /// First-factor sign-ins waiting for `mfaSignIn:finalize`, by `mfaPendingCredential` (memory only).
    let pendingSecondFactors = Locked([String: FirebasePendingSecondFactor]())
    let webSessions = Locked(FirebaseWebSessions(capacity: FirebaseEngine.webSessionCapacity, lifetime: FirebaseEngine.webSessionLifetime))

    /// Creates the engine of one project.
    /// - Parameters:
    ///   - configuration: The project, keys, limits.
    ///   - clock: The time source.
    ///   - mailbox: Where sign-in links are mailed.
    ///   - providerKeys: Each identity provider's JWKS, as this relying party caches it.
    ///   - storage: Where the project's rows are kept (shared with the mailbox).
    ///   - webFlow: The providers' OAuth front doors, for `createAuthUri`.
    package init(
        configuration: FirebaseEngineConfiguration, clock: AuthClock, mailbox: SimulatedMailbox,
        providerKeys: [ProviderID: KeySetCache], storage: any SimulationStorage, webFlow: ProviderWebFlow? = nil
    ) {
        self.configuration = configuration
        self.webFlow = webFlow
        self.clock = clock
        self.mailbox = mailbox
        self.storage = storage
        self.verifiers = IDTokenPolicies.verifiers(keys: providerKeys, clientIDs: configuration.clientIDs, skipNonceCheck: [])
    }

    /// Runs one step of the rules as one storage transaction, committed before it returns (also
    /// when the rules refuse: what they did before refusing is kept), on the caller's thread,
    /// which waits for the storage's writer; requests take ``step(_:)``.
    /// - Parameter body: The step, with the project's rules and the step's other rows (the mailbox).
    /// - Returns: What the step returned.
    /// - Throws: The rules' refusal, or `INTERNAL_ERROR` (500) when the storage failed.
    func stepBlocking<Result>(_ body: (FirebaseStore, any SimulationRows) throws(FirebaseFailure) -> Result) throws(FirebaseFailure)
        -> Result
    {
        try storage.transaction(storageFailure: Self.internalError) { (rows: any SimulationRows) throws(FirebaseFailure) -> Result in
            try body(FirebaseStore(rows: rows.firebase(project: configuration.projectID), configuration: configuration), rows)
        }
    }

    /// Runs one step of the rules on the project's rows alone, on the caller's thread.
    func mutateBlocking<Result>(_ body: (FirebaseStore) throws(FirebaseFailure) -> Result) throws(FirebaseFailure) -> Result {
        try stepBlocking { (store: FirebaseStore, _: any SimulationRows) throws(FirebaseFailure) -> Result in try body(store) }
    }

    /// ``stepBlocking(_:)`` for a request: its task is suspended, not its thread, while the step
    /// waits for the storage's writer (``SimulationStorage/writeSuspending(_:)``).
    func step<Result>(_ body: (FirebaseStore, any SimulationRows) throws(FirebaseFailure) -> Result) async throws(FirebaseFailure)
        -> Result
    {
        try await storage.transaction(storageFailure: Self.internalError) {
            (rows: any SimulationRows) throws(FirebaseFailure) -> Result in
            try body(FirebaseStore(rows: rows.firebase(project: configuration.projectID), configuration: configuration), rows)
        }
    }

    /// ``mutateBlocking(_:)`` for a request: suspended, not blocking, while the step waits for the writer.
    func mutate<Result>(_ body: (FirebaseStore) throws(FirebaseFailure) -> Result) async throws(FirebaseFailure) -> Result {
        try await step { (store: FirebaseStore, _: any SimulationRows) throws(FirebaseFailure) -> Result in try body(store) }
    }

    /// Reads through the rules without writing.
    func inspect<Result>(_ body: (FirebaseStore) throws(FirebaseFailure) -> Result) throws(FirebaseFailure) -> Result {
        try storage.snapshot(storageFailure: Self.internalError) { (rows: any SimulationRows) throws(FirebaseFailure) -> Result in
            try body(FirebaseStore(rows: rows.firebase(project: configuration.projectID), configuration: configuration))
        }
    }

    /// What a failed storage answers: `INTERNAL_ERROR` (500).
    private static func internalError(_: SimulationStorageError) -> FirebaseFailure { .code("INTERNAL_ERROR", status: 500) }

    var now: Date { clock.now() }
    var nowSeconds: Int64 { Int64(clock.now().timeIntervalSince1970) }
    var expiresIn: String { String(configuration.idTokenLifetime) }

    // MARK: - Anonymous, lookup, update, delete

    /// `accounts:signUp`: without an email or password, an anonymous user; with them, an email +
    /// password account (``signUpWithPassword(_:client:)``).
    /// - Parameters:
    ///   - request: The request.
    ///   - client: The client's address (for the new-account limit); `nil` in process.
    /// - Returns: The new user's tokens.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER`, and the password sign-up's refusals.
    package func signUp(_ request: FirebaseSignUpRequest, client: String? = nil) async throws(FirebaseFailure) -> FirebaseSignUpResponse {
        guard request.email == nil, request.password == nil, request.idToken == nil else {
            return try await signUpWithPassword(request, client: client)
        }
        let authTime = nowSeconds
        let (user, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let user = try store.signUpAnonymously(client: client, now: now)
            return (user, store.issueRefreshToken(for: user.localId, signInProvider: "anonymous", authTime: authTime, now: now))
        }
        let idToken = try mintIDToken(for: user, signInProvider: "anonymous", authTime: authTime)
        return FirebaseSignUpResponse(localId: user.localId, idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }

    /// `accounts:lookup` with the user's ID token.
    package func lookup(idToken: String?) async throws(FirebaseFailure) -> FirebaseLookupResponse {
        let caller = try await authenticate(idToken)
        var payload = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.lookupPayload(caller.user, admin: false) }
        payload.mfaInfo = try mfaInfo(of: caller.localId)
        payload.passkeyInfo = try passkeyInfo(of: caller.localId)
        return FirebaseLookupResponse(users: [payload])
    }

    /// `accounts:update` with the user's ID token (profile, email, password, `deleteAttribute`,
    /// `deleteProvider`), or with an `oobCode` alone (``applyOobCode(_:)``). A new password or
    /// email moves `validSince`, so the answer carries fresh tokens (firebase-tools
    /// `setAccountInfoImpl`). With email enumeration protection on, Google refuses a direct
    /// email change (`OPERATION_NOT_ALLOWED`): the new address is verified first
    /// (`sendOobCode` `VERIFY_AND_CHANGE_EMAIL`).
    package func update(_ request: FirebaseUpdateRequest) async throws(FirebaseFailure) -> FirebaseUpdateResponse {
        if let code = request.oobCode, !code.isEmpty { return try await applyOobCode(code) }
        let caller = try await authenticate(request.idToken)
        let config = try projectConfig()
        if request.email != nil, config.enableImprovedEmailPrivacy {
            throw .code("OPERATION_NOT_ALLOWED", "Please verify the new email before changing email.")
        }
        var hash: String?
        if let password = request.password, !password.isEmpty {
            try config.passwordPolicy.check(password.revealed)
            hash = try await hashPassword(password)
        }
        let (before, authTime) = (caller.user.validSince, nowSeconds)
        let (user, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            try store.deletePasskeys(request.deletePasskey ?? [], of: caller.localId)
            let user = try store.update(caller.localId, with: request, passwordHash: hash, isAdmin: false, now: now)
            let provider = hash != nil ? "password" : caller.signInProvider
            let renewed = request.returnSecureToken == true || user.validSince != before
            let time = user.validSince != before ? authTime : caller.authTime
            return (user, renewed ? store.issueRefreshToken(for: user.localId, signInProvider: provider, authTime: time, now: now) : nil)
        }
        var response = FirebaseUpdateResponse(user: user.payload)
        if let refreshToken {
            let provider = hash != nil ? "password" : caller.signInProvider
            let time = user.validSince != before ? authTime : caller.authTime
            response.idToken = try mintIDToken(for: user, signInProvider: provider, authTime: time)
            response.refreshToken = refreshToken
            response.expiresIn = expiresIn
        }
        return response
    }

    /// `accounts:update` with an `oobCode`: a `VERIFY_EMAIL` code verifies the address, a
    /// `VERIFY_AND_CHANGE_EMAIL` code moves the account to its new address (`newEmail` in the
    /// answer). No ID token is needed: the code is the proof.
    func applyOobCode(_ code: String) async throws(FirebaseFailure) -> FirebaseUpdateResponse {
        let (user, newEmail) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in try store.applyOobCode(code, now: now) }
        var response = FirebaseUpdateResponse(user: user.payload)
        response.newEmail = newEmail
        return response
    }

    /// `accounts:delete` with the user's ID token; requires a sign-in within the recent-login
    /// window.
    package func deleteAccount(idToken: String?) async throws(FirebaseFailure) {
        let caller = try await authenticate(idToken)
        guard TimeInterval(nowSeconds - caller.authTime) <= configuration.recentLoginWindow else { throw .credentialTooOld }
        try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in try store.delete(caller.localId) }
    }

    // MARK: - Secure Token

    /// `securetoken.googleapis.com/v1/token` with `grant_type=refresh_token`.
    package func secureToken(grantType: String?, refreshToken: String?) async throws(FirebaseFailure) -> FirebaseSecureTokenResponse {
        guard let grantType, !grantType.isEmpty else { throw .code("MISSING_GRANT_TYPE") }
        guard grantType == "refresh_token" else { throw .code("INVALID_GRANT_TYPE") }
        guard let refreshToken, !refreshToken.isEmpty else { throw .code("MISSING_REFRESH_TOKEN") }
        let now = self.now
        let (user, record) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            var (user, record) = try store.refresh(refreshToken, now: now)
            // A withdrawn second factor is no longer named.
            if let factor = record.secondFactor,
                !store.rows.mfaEnrollments(of: user.localId).contains(where: { $0.mfaEnrollmentId == factor })
            {
                record.secondFactor = nil
            }
            return (user, record)
        }
        let developerClaims = record.developerClaims.flatMap { try? StrictJSONParser.parseObject(Array($0.utf8)) } ?? [:]
        let idToken = try mintIDToken(
            for: user, signInProvider: record.signInProvider, authTime: record.authTime, secondFactor: record.secondFactor,
            extraClaims: developerClaims)
        return FirebaseSecureTokenResponse(
            idToken: idToken, expiresIn: expiresIn, refreshToken: refreshToken, userId: user.localId, projectId: configuration.projectNumber
        )
    }
}
