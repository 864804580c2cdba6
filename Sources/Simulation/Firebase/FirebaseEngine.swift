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
    let store: FirebaseStore
    let mailbox: SimulatedMailbox
    let clock: AuthClock
    /// One verifier per identity provider, looked up by provider.
    let verifiers: [ProviderID: ProviderTokenVerifier]
    /// The providers' OAuth front doors, for `createAuthUri` sign-ins; `nil` where none are reachable.
    let webFlow: ProviderWebFlow?
    /// `createAuthUri` sessions waiting for the provider's answer (memory only: they live minutes).
    let webSessions = Locked<[String: FirebaseWebSession]>([:])

    package init(configuration: FirebaseEngineConfiguration, clock: AuthClock, mailbox: SimulatedMailbox,
                 providerKeys: [ProviderID: KeySetCache], state: FirebaseState = FirebaseState(), webFlow: ProviderWebFlow? = nil) {
        self.configuration = configuration
        self.webFlow = webFlow
        self.clock = clock
        self.mailbox = mailbox
        self.store = FirebaseStore(state: state, configuration: configuration)
        self.verifiers = IDTokenPolicies.verifiers(keys: providerKeys, clientIDs: configuration.clientIDs, skipNonceCheck: [])
    }

    /// A copy of all state, for persistence.
    package func snapshot() async -> FirebaseState { await store.snapshot }

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
        let user = try await store.signUpAnonymously(client: client, now: now)
        let (idToken, refreshToken) = try await issueTokens(for: user, signInProvider: "anonymous", authTime: nowSeconds)
        return FirebaseSignUpResponse(localId: user.localId, idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }

    /// `accounts:lookup` with the user's ID token.
    package func lookup(idToken: String?) async throws(FirebaseFailure) -> FirebaseLookupResponse {
        let caller = try await authenticate(idToken)
        return FirebaseLookupResponse(users: [caller.user.payload])
    }

    /// `accounts:update` with the user's ID token (profile, `deleteProvider`).
    package func update(_ request: FirebaseUpdateRequest) async throws(FirebaseFailure) -> FirebaseUpdateResponse {
        let caller = try await authenticate(request.idToken)
        guard request.email == nil, request.password == nil else {
            throw .code("OPERATION_NOT_ALLOWED", "Changing the email or password is not supported by this emulator.")
        }
        let user = try await store.update(caller.localId, with: request, isAdmin: false, now: now)
        var response = FirebaseUpdateResponse(user: user.payload)
        if request.returnSecureToken == true {
            (response.idToken, response.refreshToken) = try await issueTokens(for: user, signInProvider: caller.signInProvider, authTime: caller.authTime)
            response.expiresIn = expiresIn
        }
        return response
    }

    /// `accounts:delete` with the user's ID token; requires a sign-in within the recent-login
    /// window.
    package func deleteAccount(idToken: String?) async throws(FirebaseFailure) {
        let caller = try await authenticate(idToken)
        guard TimeInterval(nowSeconds - caller.authTime) <= configuration.recentLoginWindow else { throw .credentialTooOld }
        try await store.delete(caller.localId)
    }

    // MARK: - Secure Token

    /// `securetoken.googleapis.com/v1/token` with `grant_type=refresh_token`.
    package func secureToken(grantType: String?, refreshToken: String?) async throws(FirebaseFailure) -> FirebaseSecureTokenResponse {
        guard let grantType, !grantType.isEmpty else { throw .code("MISSING_GRANT_TYPE") }
        guard grantType == "refresh_token" else { throw .code("INVALID_GRANT_TYPE") }
        guard let refreshToken, !refreshToken.isEmpty else { throw .code("MISSING_REFRESH_TOKEN") }
        let (user, record) = try await store.refresh(refreshToken, now: now)
        let idToken = try mintIDToken(for: user, signInProvider: record.signInProvider, authTime: record.authTime)
        return FirebaseSecureTokenResponse(idToken: idToken, expiresIn: expiresIn, refreshToken: refreshToken, userId: user.localId, projectId: configuration.projectNumber)
    }
}
