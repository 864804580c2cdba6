import AuthDomain
import Foundation

/// The ``AuthBackend`` for Firebase Auth: `signInWithIdp` (raw nonce in `postBody`,
/// `returnIdpCredential`), anonymous `signUp`, email-link sign-in for the email-code flow,
/// `lookup`/`update`/`delete`, and Secure Token refresh.
///
/// Conflicts arrive as Firebase sends them to SDKs: `needConfirmation` becomes
/// ``AuthError/accountExistsWithDifferentCredential(email:providers:)``, and a 200 with
/// `errorMessage` becomes ``AuthError/credentialAlreadyInUse(_:recovery:)`` carrying the
/// credential Firebase handed back, so recovery never resends the spent Apple token.
///
/// Firebase has no server-side session to end on a local sign-out; a global sign-out revokes
/// the user's refresh tokens and needs admin access (the emulator's `owner` token, or a
/// server's credentials).
public struct FirebaseAuthBackend: AuthBackend {
    let api: any FirebaseAuthAPI
    let clock: AuthClock
    /// The names given at `enrollTOTP` until `:finalize` takes them, by `sessionInfo`.
    let enrollmentNames = Locked<[String: String]>([:])

    package init(api: any FirebaseAuthAPI, clock: AuthClock) {
        self.api = api
        self.clock = clock
    }

    /// Signs in with an ID token (`accounts:signInWithIdp`).
    /// - Parameter credential: The ID token and raw nonce, or a recovery credential.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``.
    public func signIn(with credential: IDTokenCredential) async throws(AuthError) -> BackendSignIn {
        try await call { try await signInWithIdp(credential, linking: nil) }
    }

    /// Creates an anonymous user (`accounts:signUp`).
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``.
    public func signInAnonymously() async throws(AuthError) -> BackendSignIn {
        try await call {
            let response = try await api.signUp(FirebaseSignUpRequest(returnSecureToken: true))
            return try await signedIn(
                idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
                localId: response.localId, isNewUser: true)
        }
    }

    /// Sends an email-link sign-in (`accounts:sendOobCode`, `EMAIL_SIGNIN`); the link's
    /// `oobCode` is the code the user enters.
    /// - Parameter email: The address.
    /// - Returns: The challenge.
    /// - Throws: ``AuthError``.
    public func sendEmailCode(to email: String) async throws(AuthError) -> EmailCodeChallenge {
        try await call {
            _ = try await api.sendOobCode(
                FirebaseOobRequest(requestType: "EMAIL_SIGNIN", email: email, continueUrl: "http://localhost", canHandleCodeInApp: true))
        }
        let now = clock.now()
        return EmailCodeChallenge(email: email, sentAt: now, resendAvailableAt: now.addingTimeInterval(api.emailResendInterval))
    }

    /// Signs in with the email link's code (`accounts:signInWithEmailLink`).
    /// - Parameters:
    ///   - code: The `oobCode`.
    ///   - email: The address.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``.
    public func verifyEmailCode(_ code: Secret, email: String) async throws(AuthError) -> BackendSignIn {
        try await call {
            let response = try await api.signInWithEmailLink(FirebaseEmailLinkRequest(email: email, oobCode: code.revealed))
            try FirebaseWireMapping.checkSecondFactor(
                response.mfaPendingCredential, mfaInfo: response.mfaInfo, user: pendingUser(response.localId, email, nil),
                provider: .emailCode)
            return try await signedIn(
                idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
                localId: response.localId, isNewUser: response.isNewUser)
        }
    }

    /// Refreshes the ID token (Secure Token API).
    /// - Parameter refreshToken: The refresh token.
    /// - Returns: The new session.
    /// - Throws: ``AuthError``.
    public func refreshSession(refreshToken: Secret) async throws(AuthError) -> AuthSession {
        try await call {
            let response = try await api.refresh(refreshToken: refreshToken.revealed)
            return try FirebaseWireMapping.session(
                idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
                userID: response.userId, now: clock.now())
        }
    }

    /// Reads the user (`accounts:lookup`).
    /// - Parameter accessToken: The Firebase ID token.
    /// - Returns: The user.
    /// - Throws: ``AuthError``.
    public func user(accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await call { try await lookup(accessToken.revealed) }
    }

    /// Writes `displayName` (`accounts:update`).
    /// - Parameters:
    ///   - update: The name.
    ///   - accessToken: The Firebase ID token.
    /// - Returns: The user.
    /// - Throws: ``AuthError``.
    public func updateProfile(_ update: ProfileUpdate, accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await call {
            var request = FirebaseUpdateRequest(idToken: accessToken.revealed)
            request.displayName = update.name.formatted
            request.returnSecureToken = false
            _ = try await api.update(request)
            return try await lookup(accessToken.revealed)
        }
    }

    /// Links an identity (`accounts:signInWithIdp` with `idToken`).
    /// - Parameters:
    ///   - credential: The ID token and raw nonce.
    ///   - accessToken: The Firebase ID token.
    /// - Returns: The new session for the same user.
    /// - Throws: ``AuthError``: `credentialAlreadyInUse` with the recovery credential.
    public func link(_ credential: IDTokenCredential, accessToken: Secret) async throws(AuthError) -> BackendSignIn {
        try await call { try await signInWithIdp(credential, linking: accessToken.revealed) }
    }

    /// Removes a provider (`accounts:update` with `deleteProvider`).
    /// - Parameters:
    ///   - provider: The provider.
    ///   - accessToken: The Firebase ID token.
    /// - Returns: The user.
    /// - Throws: ``AuthError``.
    public func unlink(_ provider: ProviderID, accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await call {
            let current = try await lookup(accessToken.revealed)
            guard current.providers.contains(provider) else {
                throw FirebaseFailure(code: "NO_SUCH_PROVIDER", detail: "User was not linked to an account with the given provider.")
            }
            var request = FirebaseUpdateRequest(idToken: accessToken.revealed)
            request.deleteProvider = [ProviderWireNames.firebase(provider)]
            request.returnSecureToken = false
            _ = try await api.update(request)
            return try await lookup(accessToken.revealed)
        }
    }

    /// Signs out: nothing to end on the server for `local`; `global` revokes every refresh
    /// token of the user (admin access required); `others` is not offered by Firebase.
    /// - Parameters:
    ///   - accessToken: The Firebase ID token.
    ///   - scope: Which sessions.
    /// - Throws: ``AuthError``.
    public func signOut(accessToken: Secret, scope: SignOutScope) async throws(AuthError) {
        switch scope {
        case .local:
            return
        case .others:
            throw AuthError.invalidInput("Firebase Auth cannot end the other sessions only")
        case .global:
            try await call {
                let user = try await lookup(accessToken.revealed)
                try await api.revokeRefreshTokens(localId: user.id)
            }
        }
    }

    /// Deletes the account (`accounts:delete`); Firebase demands a recent sign-in.
    /// - Parameter accessToken: The Firebase ID token.
    /// - Throws: ``AuthError``: `requiresRecentLogin` (`CREDENTIAL_TOO_OLD_LOGIN_AGAIN`).
    public func deleteAccount(accessToken: Secret) async throws(AuthError) {
        try await call { try await api.deleteAccount(idToken: accessToken.revealed) }
    }

    // MARK: - Helpers

    private func signInWithIdp(_ credential: IDTokenCredential, linking idToken: String?) async throws -> BackendSignIn {
        var fields = [("providerId", ProviderWireNames.firebase(credential.provider)), ("id_token", credential.idToken.revealed)]
        if credential.pendingToken == nil, let nonce = credential.rawNonce { fields.append(("nonce", nonce.revealed)) }
        if let accessToken = credential.accessToken { fields.append(("access_token", accessToken.revealed)) }
        if credential.provider == .apple, let name = credential.fullName, name.formatted != nil {
            var object: [String: String] = [:]
            object["firstName"] = name.givenName
            object["lastName"] = name.familyName
            let json = try JSONEncoder.sorted.encode(["name": object])
            fields.append(("user", String(decoding: json, as: UTF8.self)))
        }
        let request = FirebaseIdpRequest(
            requestUri: "http://localhost", postBody: FormEncoding.encode(fields), returnSecureToken: true,
            returnIdpCredential: true, idToken: idToken, pendingToken: credential.pendingToken?.revealed,
            autoCreate: idToken == nil ? true : nil)
        let response = try await api.signInWithIdp(request)
        try FirebaseWireMapping.checkIdpRefusal(response, provider: credential.provider)
        guard let localId = response.localId else {
            throw AuthError.backend(BackendError(code: "INVALID_RESPONSE", message: "signInWithIdp answered without localId"))
        }
        try FirebaseWireMapping.checkSecondFactor(
            response.mfaPendingCredential, mfaInfo: response.mfaInfo, user: pendingUser(localId, response.email, response.displayName),
            provider: credential.provider)
        return try await signedIn(
            idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
            localId: localId, isNewUser: response.isNewUser ?? false)
    }

    func signedIn(idToken: String?, refreshToken: String?, expiresIn: String?, localId: String, isNewUser: Bool) async throws
        -> BackendSignIn
    {
        let session = try FirebaseWireMapping.session(
            idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn, userID: localId, now: clock.now())
        return BackendSignIn(session: session, user: try await lookup(session.accessToken.revealed), isNewUser: isNewUser)
    }

    private func lookup(_ idToken: String) async throws -> AuthUser {
        guard let user = try await api.lookup(idToken: idToken).users?.first else { throw FirebaseFailure.userNotFoundFailure }
        return FirebaseWireMapping.user(user)
    }

    func call<T>(_ body: () async throws -> T) async throws(AuthError) -> T {
        do {
            return try await body()
        } catch let failure as FirebaseFailure {
            throw FirebaseWireMapping.error(failure)
        } catch let error as AuthError {
            throw error
        } catch {
            throw AuthError.network("\(error)")
        }
    }
}

extension FirebaseFailure {
    static let userNotFoundFailure = FirebaseFailure(message: "USER_NOT_FOUND")
}

extension JSONEncoder {
    /// An encoder with sorted keys, for stable request bodies.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
