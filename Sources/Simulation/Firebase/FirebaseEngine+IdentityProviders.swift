import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// `accounts:signInWithIdp`: sign-in and linking with an Apple or Google ID token.
extension FirebaseEngine {
    /// `accounts:signInWithIdp`: sign in, or link when `idToken` is present. The credential is
    /// read from `requestUri` (query and fragment) and `postBody` (``FirebaseIdpParameters``).
    /// - Parameters:
    ///   - request: The request.
    ///   - client: The client's address (for the new-account limit); `nil` in process.
    /// - Returns: The response; `needConfirmation` or `errorMessage` answers carry no tokens.
    /// - Throws: ``FirebaseFailure``.
    package func signInWithIdp(_ request: FirebaseIdpRequest, client: String? = nil) async throws(FirebaseFailure) -> FirebaseIdpResponse {
        let params = try FirebaseIdpParameters(requestUri: request.requestUri, postBody: request.postBody)
        let (identity, oauthIdToken) = try await resolveIdentity(request, params: params)
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
                switch try await store.signIn(with: identity, autoCreate: request.autoCreate ?? true, client: client, now: now) {
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
    private func resolveIdentity(_ request: FirebaseIdpRequest, params: FirebaseIdpParameters) async throws(FirebaseFailure) -> (FirebaseIdentity, String) {
        if let pendingToken = request.pendingToken, !pendingToken.isEmpty {
            let pending = try await store.takePending(pendingToken, now: now)
            return (pending.identity, pending.oauthIdToken)
        }
        if let sessionId = request.sessionId, !sessionId.isEmpty, let requestUri = request.requestUri {
            // A redirect sign-in (`createAuthUri`): the provider's code (or Apple's form_post
            // id_token) for this session's state; no nonce travelled with it.
            let (providerId, idToken) = try await exchangeWebCode(sessionId: sessionId, requestUri: requestUri, params: params)
            guard let verifier = verifiers[ProviderWireNames.provider(firebase: providerId)] else {
                throw .code("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.")
            }
            let token: VerifiedIDToken
            do { token = try await verifier.verify(idToken, rawNonce: nil, now: nowSeconds) } catch {
                throw Self.failure(for: error, token: idToken, rawNonce: nil)
            }
            if providerId == "apple.com" {
                try await store.spendAppleToken(SHA256Hex.hash(idToken), expiresAt: token.expiresAt, now: nowSeconds)
            }
            return (Self.identity(from: token, providerId: providerId, userParameter: params["user"]), idToken)
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
                throw .notImplemented("The Auth Emulator only support sign-in with \(providerId) using id_token, not access_token. Please update your code to use id_token.")
            }
            throw .notImplemented("The Auth Emulator only supports sign-in with credentials (id_token required).")
        }
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

    /// What a verified token says about the person. Apple's name comes in the unsigned `user`
    /// parameter (the first authorization only), so names beyond the `displayName` bound are
    /// dropped rather than stored, as are a photo URL beyond its bound.
    static func identity(from token: VerifiedIDToken, providerId: String, userParameter: String?) -> FirebaseIdentity {
        let bounded = { (text: String?) in text.flatMap { $0.isEmpty || $0.count > FirebaseFieldLimits.displayName ? nil : $0 } }
        var first = token.givenName, last = token.familyName
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
