import AuthDomain
import Foundation

/// TOTP second factors through Identity Toolkit v2, with the request shapes of firebase-ios-sdk's
/// `TOTPMultiFactorGenerator` and `MultiFactorResolver`: `accounts/mfaEnrollment:start`
/// (`totpEnrollmentInfo: {}`) answers the shared secret and a `sessionInfo`, which is the new
/// factor's id until `:finalize` (`totpVerificationInfo: {sessionInfo, verificationCode}`)
/// enrols it and answers `aal2` tokens; the list is `accounts:lookup`'s `mfaInfo`; `:withdraw`
/// removes one. A first factor of a user with a factor answers `mfaPendingCredential` instead of
/// tokens (``AuthError/secondFactorRequired(_:)``), which `accounts/mfaSignIn:finalize` takes
/// with a code (TOTP needs no `mfaSignIn:start`, as in the SDK).
extension FirebaseAuthBackend: SecondFactorBackend {
    /// How many enrolments keep their name between `:start` and `:finalize` in this adapter.
    static let enrollmentNameCapacity = 64

    /// `mfaEnrollment:start` with `totpEnrollmentInfo`; the key URI is built as firebase-ios-sdk's
    /// `TOTPSecret.generateQRCodeURL(withAccountName:issuer:)` does.
    /// - Parameters:
    ///   - friendlyName: The `displayName` `:finalize` sends.
    ///   - issuer: The issuer in the URI (default: the project id, else `Firebase`).
    ///   - session: The signed-in session.
    /// - Returns: The secret, URI, issuer and account (the user's email); no QR code (Firebase
    ///   draws none). The factor's id is the enrolment's `sessionInfo` until it is verified.
    /// - Throws: ``AuthError``: `UNSUPPORTED_FIRST_FACTOR`, `UNVERIFIED_EMAIL`, `SECOND_FACTOR_LIMIT_EXCEEDED`, …
    public func enrollTOTP(friendlyName: String?, issuer: String?, session: AuthSession) async throws(AuthError) -> SecondFactorEnrollment {
        let idToken = session.accessToken.revealed
        let (info, user) = try await call {
            var request = FirebaseMFAEnrollmentRequest(idToken: idToken)
            request.totpEnrollmentInfo = .init()
            let info = try await api.startMFAEnrollment(request).totpSessionInfo
            return (info, try await api.lookup(idToken: idToken).users?.first)
        }
        let name = friendlyName.flatMap { $0.isEmpty ? nil : $0 }
        enrollmentNames.withLock { names in
            if names.count >= Self.enrollmentNameCapacity { names.removeAll() }
            names[info.sessionInfo] = name
        }
        let issuer = issuer.flatMap { $0.isEmpty ? nil : $0 } ?? api.projectID ?? "Firebase"
        let account = user?.email ?? user?.localId ?? session.userID
        return SecondFactorEnrollment(
            factor: SecondFactor(id: info.sessionInfo, friendlyName: name, isVerified: false),
            secret: Secret(info.sharedSecretKey), uri: Secret(Self.keyURI(info, issuer: issuer, account: account)),
            issuer: issuer, accountName: account, qrCodeSVG: nil)
    }

    /// The user's TOTP factors (`accounts:lookup`'s `mfaInfo`): every one listed is enrolled.
    /// - Parameter session: The signed-in session.
    /// - Returns: The factors.
    /// - Throws: ``AuthError``.
    public func secondFactors(session: AuthSession) async throws(AuthError) -> [SecondFactor] {
        let user = try await call { try await api.lookup(idToken: session.accessToken.revealed).users?.first }
        return FirebaseWireMapping.secondFactors(user?.mfaInfo)
    }

    /// `mfaEnrollment:finalize`: the code of an enrolment `enrollTOTP` started (its id is the
    /// `sessionInfo`). Firebase raises no existing session: an enrolled factor's code is taken at
    /// sign-in (``completeSecondFactorSignIn(_:code:pending:)``), so its id answers
    /// `INVALID_SESSION_INFO` here.
    /// - Parameters:
    ///   - factorID: The enrolment's `sessionInfo`.
    ///   - code: The code.
    ///   - session: The signed-in session.
    /// - Returns: The `aal2` session the enrolment answers.
    /// - Throws: ``AuthError``: `INVALID_CODE` (the enrolment stays open), `SESSION_EXPIRED`, …
    public func verifySecondFactor(_ factorID: String, code: Secret, session: AuthSession) async throws(AuthError) -> AuthSession {
        var request = FirebaseMFAEnrollmentRequest(idToken: session.accessToken.revealed)
        request.displayName = enrollmentNames.withLock { $0[factorID] }
        request.totpVerificationInfo = .init(sessionInfo: factorID, verificationCode: code.revealed)
        let tokens = try await call { try await api.finalizeMFAEnrollment(request) }
        enrollmentNames.withLock { $0[factorID] = nil }
        return try await call { try tokensSession(tokens, userID: session.userID) }
    }

    /// `mfaEnrollment:withdraw`. The answer's new tokens (without the factor) are not kept: the
    /// given session stays as it was.
    /// - Parameters:
    ///   - factorID: The `mfaEnrollmentId`.
    ///   - session: The signed-in session.
    /// - Throws: ``AuthError``: `MFA_ENROLLMENT_NOT_FOUND`.
    public func removeSecondFactor(_ factorID: String, session: AuthSession) async throws(AuthError) {
        var request = FirebaseMFAEnrollmentRequest(idToken: session.accessToken.revealed)
        request.mfaEnrollmentId = factorID
        _ = try await call { try await api.withdrawMFAEnrollment(request) }
    }

    /// `mfaSignIn:finalize` with the pending credential and the code.
    /// - Parameters:
    ///   - factorID: The `mfaEnrollmentId`.
    ///   - code: The code.
    ///   - pending: What the first factor answered.
    /// - Returns: The `aal2` session and the user.
    /// - Throws: ``AuthError``: `INVALID_CODE` (the credential stays: try again),
    ///   `INVALID_MFA_PENDING_CREDENTIAL` (expired or used: sign in again), `MFA_ENROLLMENT_NOT_FOUND`;
    ///   `invalidInput` for a Supabase-style proof.
    public func completeSecondFactorSignIn(_ factorID: String, code: Secret, pending: PendingSecondFactor) async throws(AuthError)
        -> BackendSignIn
    {
        guard case .pendingCredential(let credential, let user) = pending.proof else {
            throw .invalidInput("a Firebase sign-in waits with a pending credential, not a session")
        }
        let request = FirebaseMFASignInRequest(
            mfaPendingCredential: credential.revealed, mfaEnrollmentId: factorID,
            totpVerificationInfo: .init(verificationCode: code.revealed))
        return try await call {
            let tokens = try await api.finalizeMFASignIn(request)
            return try await signedIn(
                idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: nil, localId: user.id, isNewUser: false)
        }
    }

    /// The user a pending answer names, before any token: its id, address and name.
    func pendingUser(_ localId: String, _ email: String?, _ displayName: String?) -> AuthUser {
        AuthUser(
            id: localId, email: email.flatMap { $0.isEmpty ? nil : $0 }, displayName: displayName.flatMap { $0.isEmpty ? nil : $0 },
            isEmailVerified: false, isAnonymous: false, providers: [])
    }

    private func tokensSession(_ tokens: FirebaseMFATokensResponse, userID: String) throws -> AuthSession {
        try FirebaseWireMapping.session(
            idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: nil, userID: userID, now: clock.now())
    }

    /// `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…&algorithm=…&digits=…&period=…`.
    static func keyURI(_ info: FirebaseTOTPStartResponse.TOTPSessionInfo, issuer: String, account: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~@")
        let escape = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return "otpauth://totp/\(escape(issuer)):\(escape(account))?secret=\(escape(info.sharedSecretKey))&issuer=\(escape(issuer))"
            + "&algorithm=\(escape(info.hashingAlgorithm))&digits=\(info.verificationCodeLength)&period=\(info.periodSec)"
    }
}
