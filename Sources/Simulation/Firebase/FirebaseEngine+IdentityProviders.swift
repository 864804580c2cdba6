import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// `accounts:signInWithIdp`: sign-in and linking with an Apple or Google ID token.
extension FirebaseEngine {
    /// `accounts:signInWithIdp`: sign in, or link when `idToken` is present. The credential is
    /// read from `requestUri` (query and fragment) and `postBody` (``FirebaseIdpParameters``).
    /// Everything the request keeps (the spent Apple token or pending credential, the account,
    /// the refresh token) is written in one storage step.
    /// - Parameters:
    ///   - request: The request.
    ///   - client: The client's address (for the new-account limit); `nil` in process.
    /// - Returns: The response; `needConfirmation` or `errorMessage` answers carry no tokens.
    /// - Throws: ``FirebaseFailure``.
    package func signInWithIdp(_ request: FirebaseIdpRequest, client: String? = nil) async throws(FirebaseFailure) -> FirebaseIdpResponse {
        let params = try FirebaseIdpParameters(requestUri: request.requestUri, postBody: request.postBody)
        let credential = try await resolveCredential(request, params: params)
        // The caller's token is checked before the step (no storage); a bad one is reported in
        // the step's order, after the credential is spent, as before.
        // (`do throws` rather than `Result { }`: the iOS 16 SDK's `Result.init(catching:)` is untyped.)
        let callerToken = request.idToken.map { token -> Result<CallerToken, FirebaseFailure> in
            do throws(FirebaseFailure) { return .success(try verifiedToken(token)) } catch { return .failure(error) }
        }
        let (now, nowSeconds) = (self.now, self.nowSeconds)
        let (identity, oauthIdToken, outcome) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let (identity, oauthIdToken) = try credential.spend(in: store, now: now, nowSeconds: nowSeconds)
            return (
                identity, oauthIdToken,
                try Self.signIn(
                    identity, oauthIdToken: oauthIdToken, caller: callerToken, request: request, client: client, store: store,
                    now: now, authTime: nowSeconds)
            )
        }
        var response = FirebaseIdpResponse(identity: identity, oauthIdToken: oauthIdToken, accessToken: params["access_token"])
        switch outcome {
        case .needConfirmation(let existing, let pendingToken):
            response.needConfirmation = true
            response.localId = existing.localId
            response.verifiedProvider = existing.providers.map { $0.providerId }
            response.pendingToken = pendingToken
        case .refused(let code, let pendingToken):
            response.errorMessage = code
            response.pendingToken = pendingToken
        case .secondFactorRequired(let user):
            response.localId = user.localId
            try awaitSecondFactor(&response, localId: user.localId, signInProvider: identity.providerId, authTime: nowSeconds)
        case .signedIn(let user, let isNewUser, let refreshToken):
            response.localId = user.localId
            response.displayName = user.displayName ?? identity.displayName
            response.isNewUser = isNewUser ? true : nil
            response.idToken = try mintIDToken(for: user, signInProvider: identity.providerId, authTime: nowSeconds)
            response.refreshToken = refreshToken
            response.expiresIn = expiresIn
        }
        return response
    }

    /// How the step of a `signInWithIdp` ended.
    private enum IdpOutcome {
        case signedIn(FirebaseUserRecord, isNewUser: Bool, refreshToken: String)
        case needConfirmation(existing: FirebaseUserRecord, pendingToken: String)
        case refused(code: String, pendingToken: String)
        /// The user has an enrolled second factor: no tokens until `mfaSignIn:finalize`.
        case secondFactorRequired(FirebaseUserRecord)
    }

    /// The step's rules: link to the caller, or sign in; a refused link with
    /// `returnIdpCredential` and a `needConfirmation` keep the credential for a `pendingToken`.
    private static func signIn(
        _ identity: FirebaseIdentity, oauthIdToken: String, caller: Result<CallerToken, FirebaseFailure>?, request: FirebaseIdpRequest,
        client: String?, store: FirebaseStore, now: Date, authTime: Int64
    ) throws(FirebaseFailure) -> IdpOutcome {
        let user: FirebaseUserRecord
        var isNewUser = false
        do {
            if let caller {
                let token = try caller.get()
                _ = try store.activeUser(token.localId, issuedAt: token.issuedAt)
                user = try store.link(identity, toUser: token.localId, now: now)
            } else {
                switch try store.signIn(with: identity, autoCreate: request.autoCreate ?? true, client: client, now: now) {
                case .signedIn(let signedIn, let new):
                    user = signedIn
                    isNewUser = new
                case .needConfirmation(let existing):
                    return .needConfirmation(
                        existing: existing, pendingToken: store.storePending(identity, oauthIdToken: oauthIdToken, now: now))
                }
            }
        } catch
            where request.returnIdpCredential == true && (error.code == "FEDERATED_USER_ID_ALREADY_LINKED" || error.code == "EMAIL_EXISTS")
        {
            return .refused(code: error.code, pendingToken: store.storePending(identity, oauthIdToken: oauthIdToken, now: now))
        }
        if store.stopsAtSecondFactor(user.localId, linking: caller != nil) { return .secondFactorRequired(user) }
        let refreshToken = store.issueRefreshToken(for: user.localId, signInProvider: identity.providerId, authTime: authTime, now: now)
        return .signedIn(user, isNewUser: isNewUser, refreshToken: refreshToken)
    }

    /// The credential of a signInWithIdp request: a `pendingToken` to take, or a verified ID token
    /// (the nonce rule checked; an Apple token to spend once).
    private func resolveCredential(_ request: FirebaseIdpRequest, params: FirebaseIdpParameters) async throws(FirebaseFailure)
        -> FirebaseIdpCredential
    {
        if let pendingToken = request.pendingToken, !pendingToken.isEmpty { return .pending(pendingToken) }
        if let sessionId = request.sessionId, !sessionId.isEmpty, let requestUri = request.requestUri {
            // A redirect sign-in (`createAuthUri`): the provider's code (or Apple's form_post
            // id_token) for this session's state; no nonce travelled with it.
            let (providerId, answer) = try await exchangeWebCode(sessionId: sessionId, requestUri: requestUri, params: params)
            let idToken: String
            switch answer {
            case .idToken(let token):
                idToken = token
            case .userInfo(let info):
                // No ID token to verify or spend: the provider's own answer, over its code exchange.
                return .verified(Self.identity(from: info, providerId: providerId), idToken: "", spendsAppleToken: nil)
            }
            guard let verifier = verifiers[ProviderWireNames.provider(firebase: providerId)] else {
                throw .code("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.")
            }
            let token: VerifiedIDToken
            do { token = try await verifier.verify(idToken, rawNonce: nil, now: nowSeconds) } catch {
                throw Self.failure(for: error, token: idToken, rawNonce: nil)
            }
            return .verified(
                Self.identity(from: token, providerId: providerId, userParameter: params["user"]), idToken: idToken,
                spendsAppleToken: providerId == "apple.com" ? token.expiresAt : nil)
        }
        guard let providerId = params["providerId"]?.lowercased(), !providerId.isEmpty else {
            // firebase-tools echoes the whole URI; its query may hold a token, so only the part before it.
            let uri = request.requestUri?.prefix { $0 != "?" && $0 != "#" } ?? ""
            throw .code("INVALID_CREDENTIAL_OR_PROVIDER_ID", "Invalid IdP response/credential: \(uri)")
        }
        guard let verifier = verifiers[ProviderWireNames.provider(firebase: providerId)] else {
            throw .code("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.")
        }
        guard let idToken = params["id_token"], !idToken.isEmpty else {
            // As firebase-tools (`ops.ts` `signInWithIdp`): an access token or an authorization
            // code alone is not served. (Production accepts a Google access token.)
            if params["access_token"].map({ !$0.isEmpty }) == true {
                throw .notImplemented(
                    """
                    The Auth Emulator only support sign-in with \(providerId) using id_token, not access_token. Please update your code\
                     to use id_token.
                    """
                )
            }
            throw .notImplemented("The Auth Emulator only supports sign-in with credentials (id_token required).")
        }
        let token: VerifiedIDToken
        do {
            token = try await verifier.verify(idToken, rawNonce: params["nonce"], now: nowSeconds)
        } catch {
            throw Self.failure(for: error, token: idToken, rawNonce: params["nonce"])
        }
        return .verified(
            Self.identity(from: token, providerId: providerId, userParameter: params["user"]), idToken: idToken,
            spendsAppleToken: providerId == "apple.com" ? token.expiresAt : nil)
    }

    static func failure(for error: IDTokenError, token: String, rawNonce: String?) -> FirebaseFailure {
        switch error {
        case .nonceMissingInRequest: .code("MISSING_OR_INVALID_NONCE", "Nonce is missing in the request.")
        case .nonceMissingInToken: .code("MISSING_OR_INVALID_NONCE", "Nonce is missing in the ID token.")
        case .nonceMismatch:
            .code(
                "MISSING_OR_INVALID_NONCE",
                """
                The nonce in ID Token does not match the SHA256 hash of the raw nonce\
                 \"\(rawNonce.map { Redaction.redact($0) } ?? "")\" in the request.
                """
            )
        default: .idpResponse(error.description)
        }
    }

    /// What a verified token says about the person. Apple's name comes in the unsigned `user`
    /// parameter (the first authorization only), so names beyond the `displayName` bound are
    /// dropped rather than stored, as are a photo URL beyond its bound.
    /// A userinfo answer's identity (an OAuth provider without ID tokens): its claims become the
    /// provider's `rawUserInfo`.
    static func identity(from info: ProviderUserInfo, providerId: String) -> FirebaseIdentity {
        let bounded = { (text: String?) in text.flatMap { $0.isEmpty || $0.count > FirebaseFieldLimits.displayName ? nil : $0 } }
        return FirebaseIdentity(
            providerId: providerId, rawId: info.subject, email: info.email?.lowercased(), emailVerified: info.emailVerified,
            displayName: bounded(info.name), photoUrl: info.avatarURL.flatMap { $0.count > FirebaseFieldLimits.photoUrl ? nil : $0 },
            rawClaims: info.claims)
    }

    static func identity(from token: VerifiedIDToken, providerId: String, userParameter: String?) -> FirebaseIdentity {
        let bounded = { (text: String?) in text.flatMap { $0.isEmpty || $0.count > FirebaseFieldLimits.displayName ? nil : $0 } }
        var first = token.givenName
        var last = token.familyName
        if providerId == "apple.com", let json = userParameter,
            let name = try? StrictJSONParser.parseObject(Array(json.utf8))["name"]?.objectValue
        {
            first = name["firstName"]?.stringValue
            last = name["lastName"]?.stringValue
        }
        (first, last) = (bounded(first), bounded(last))
        let display = bounded(token.name ?? [first, last].compactMap { $0 }.joined(separator: " "))
        return FirebaseIdentity(
            providerId: providerId, rawId: token.subject, email: token.email?.lowercased(), emailVerified: token.emailVerified,
            displayName: display, firstName: first, lastName: last,
            photoUrl: token.picture.flatMap { $0.count > FirebaseFieldLimits.photoUrl ? nil : $0 }, rawClaims: token.claims)
    }
}
