import AuthData
import AuthDomain
import AuthJWT
import Crypto
import Foundation

/// The Firebase Auth semantics, written once: Identity Toolkit sign-in with an IdP token,
/// anonymous sign-up, email-link sign-in, account lookup/update/delete, Secure Token refresh.
/// The in-process `InProcessFirebaseBackend` and the emulator's Identity Toolkit routes both
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

    package init(configuration: FirebaseEngineConfiguration, clock: AuthClock, mailbox: SimulatedMailbox,
                 providerKeys: [ProviderID: KeySetCache], state: FirebaseState = FirebaseState()) {
        self.configuration = configuration
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

    // MARK: - signInWithIdp

    /// `accounts:signInWithIdp`: sign in, or link when `idToken` is present.
    package func signInWithIdp(_ request: FirebaseIdpRequest) async throws(FirebaseFailure) -> FirebaseIdpResponse {
        guard let requestUri = request.requestUri, !requestUri.isEmpty else { throw .code("MISSING_REQUEST_URI") }
        guard let uri = URL(string: requestUri), uri.scheme != nil, uri.host != nil else { throw .code("INVALID_REQUEST_URI") }
        let params = request.postBody.flatMap(FormEncoding.decode) ?? [:]
        let (identity, oauthIdToken) = try await resolveIdentity(request, params: params, requestUri: requestUri)
        let returnCredential = request.returnIdpCredential == true
        var response = FirebaseIdpResponse()
        response.providerId = identity.providerId
        response.federatedId = identity.providerId == "google.com" ? "https://accounts.google.com/\(identity.rawId)" : identity.rawId
        response.email = identity.email
        response.emailVerified = identity.emailVerified
        response.displayName = identity.displayName
        response.fullName = identity.displayName
        response.firstName = identity.firstName
        response.lastName = identity.lastName
        response.photoUrl = identity.photoUrl
        response.oauthIdToken = oauthIdToken
        response.oauthAccessToken = params["access_token"]
        response.rawUserInfo = identity.rawClaims.jsonString

        let user: FirebaseUserRecord
        var isNewUser = false
        do {
            if let idToken = request.idToken {
                let caller = try await authenticate(idToken)
                user = try await store.link(identity, toUser: caller.localId, now: now)
            } else {
                switch try await store.signIn(with: identity, autoCreate: request.autoCreate ?? true, now: now) {
                case .signedIn(let signedIn, let new):
                    user = signedIn
                    isNewUser = new
                case .needConfirmation(let existing):
                    response.needConfirmation = true
                    response.localId = existing.localId
                    response.verifiedProvider = existing.providers.map(\.providerId)
                    response.pendingToken = await store.storePending(identity, oauthIdToken: oauthIdToken, now: now)
                    return response
                }
            }
        } catch where returnCredential && (error.code == "FEDERATED_USER_ID_ALREADY_LINKED" || error.code == "EMAIL_EXISTS") {
            response.errorMessage = error.code
            response.pendingToken = await store.storePending(identity, oauthIdToken: oauthIdToken, now: now)
            return response
        }
        response.localId = user.localId
        response.displayName = user.displayName ?? identity.displayName
        response.isNewUser = isNewUser ? true : nil
        (response.idToken, response.refreshToken) = try await issueTokens(for: user, signInProvider: identity.providerId, authTime: nowSeconds)
        response.expiresIn = expiresIn
        return response
    }

    /// The identity of a signInWithIdp request: from a `pendingToken`, or from a verified ID
    /// token with the nonce rule and (for Apple) single use.
    private func resolveIdentity(_ request: FirebaseIdpRequest, params: [String: String], requestUri: String) async throws(FirebaseFailure) -> (FirebaseIdentity, String) {
        if let pendingToken = request.pendingToken, !pendingToken.isEmpty {
            let pending = try await store.takePending(pendingToken, now: now)
            return (pending.identity, pending.oauthIdToken)
        }
        guard let providerId = params["providerId"]?.lowercased(), !providerId.isEmpty else {
            throw .code("INVALID_CREDENTIAL_OR_PROVIDER_ID", "Invalid IdP response/credential: \(requestUri)")
        }
        guard let verifier = verifiers[ProviderWireNames.provider(firebase: providerId)] else {
            throw .code("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.")
        }
        guard let idToken = params["id_token"], !idToken.isEmpty else { throw .idpResponse("Missing id_token in the credential.") }
        let token: VerifiedIDToken
        do {
            token = try await verifier.verify(idToken, rawNonce: params["nonce"], now: nowSeconds)
        } catch {
            throw Self.failure(for: error, token: idToken, rawNonce: params["nonce"])
        }
        if providerId == "apple.com" {
            try await store.spendAppleToken(SHA256Hex.hash(idToken), expiresAt: token.expiresAt, now: nowSeconds)
        }
        return (Self.identity(from: token, providerId: providerId, userParameter: params["user"]), idToken)
    }

    static func failure(for error: IDTokenError, token: String, rawNonce: String?) -> FirebaseFailure {
        switch error {
        case .nonceMissingInRequest: .code("MISSING_OR_INVALID_NONCE", "Nonce is missing in the request.")
        case .nonceMissingInToken: .code("MISSING_OR_INVALID_NONCE", "Nonce is missing in the ID token.")
        case .nonceMismatch:
            .code("MISSING_OR_INVALID_NONCE",
                  "The nonce in ID Token does not match the SHA256 hash of the raw nonce \"\(rawNonce.map { Redaction.redact($0) } ?? "")\" in the request.")
        default: .idpResponse(error.description)
        }
    }

    static func identity(from token: VerifiedIDToken, providerId: String, userParameter: String?) -> FirebaseIdentity {
        var first = token.givenName, last = token.familyName
        if providerId == "apple.com", let json = userParameter,
           let name = try? StrictJSONParser.parseObject(Array(json.utf8))["name"]?.objectValue
        {
            first = name["firstName"]?.stringValue
            last = name["lastName"]?.stringValue
        }
        let display = token.name ?? [first, last].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return FirebaseIdentity(
            providerId: providerId, rawId: token.subject, email: token.email?.lowercased(), emailVerified: token.emailVerified,
            displayName: display.isEmpty ? nil : display, firstName: first, lastName: last, photoUrl: token.picture,
            rawClaims: token.claims)
    }

    // MARK: - Anonymous, lookup, update, delete

    /// `accounts:signUp` without an email: an anonymous user.
    package func signUp(_ request: FirebaseSignUpRequest) async throws(FirebaseFailure) -> FirebaseSignUpResponse {
        guard request.email == nil, request.password == nil else {
            throw .code("OPERATION_NOT_ALLOWED", "Password sign-up is not enabled for this project.")
        }
        let user = await store.signUpAnonymously(now: now)
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

    // MARK: - Email link

    /// `accounts:sendOobCode` with `EMAIL_SIGNIN`: mails a sign-in link whose `oobCode` is the
    /// code the user types.
    package func sendOobCode(_ request: FirebaseOobRequest, isAdmin: Bool = false) async throws(FirebaseFailure) -> FirebaseOobCodeResponse {
        guard let requestType = request.requestType, !requestType.isEmpty else { throw .code("MISSING_REQ_TYPE") }
        guard requestType == "EMAIL_SIGNIN" else { throw .code("OPERATION_NOT_ALLOWED", "Only EMAIL_SIGNIN is supported by this emulator.") }
        guard let raw = request.email, !raw.isEmpty else { throw .code("MISSING_EMAIL") }
        guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        let code = try await store.createOobCode(email: email, requestType: requestType, now: now)
        let link = configuration.actionURL + "?mode=signIn&lang=en&oobCode=" + code + "&apiKey=fake-api-key"
            + (request.continueUrl.map { "&continueUrl=" + FormEncoding.encode([("", $0)]).dropFirst() } ?? "")
        await mailbox.deliver(MailMessage(code: code, link: link, kind: requestType, sender: "firebase", sentAt: now), to: email)
        let returnLink = isAdmin && request.returnOobLink == true
        return FirebaseOobCodeResponse(email: email, oobCode: returnLink ? code : nil, oobLink: returnLink ? link : nil)
    }

    /// `accounts:signInWithEmailLink`.
    package func signInWithEmailLink(_ request: FirebaseEmailLinkRequest) async throws(FirebaseFailure) -> FirebaseEmailLinkResponse {
        guard let code = request.oobCode, !code.isEmpty else { throw .code("MISSING_OOB_CODE") }
        guard let raw = request.email, let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        let (user, isNewUser) = try await store.signInWithEmailLink(email: email, code: code, now: now)
        let (idToken, refreshToken) = try await issueTokens(for: user, signInProvider: "password", authTime: nowSeconds)
        return FirebaseEmailLinkResponse(email: email, localId: user.localId, isNewUser: isNewUser, idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }

    // MARK: - Secure Token

    /// `securetoken.googleapis.com/v1/token` with `grant_type=refresh_token`.
    package func secureToken(grantType: String?, refreshToken: String?) async throws(FirebaseFailure) -> FirebaseSecureTokenResponse {
        guard let grantType, !grantType.isEmpty else { throw .code("MISSING_GRANT_TYPE") }
        guard grantType == "refresh_token" else { throw .code("INVALID_GRANT_TYPE") }
        guard let refreshToken, !refreshToken.isEmpty else { throw .code("MISSING_REFRESH_TOKEN") }
        let (user, record) = try await store.refresh(refreshToken)
        let idToken = try mintIDToken(for: user, signInProvider: record.signInProvider, authTime: record.authTime)
        return FirebaseSecureTokenResponse(idToken: idToken, expiresIn: expiresIn, refreshToken: refreshToken, userId: user.localId, projectId: configuration.projectNumber)
    }
}
