import AuthData
import Foundation

/// The second step of a sign-in by a user with an enrolled TOTP factor: the first factor answers
/// `mfaPendingCredential` and `mfaInfo` without tokens; v2 `accounts/mfaSignIn:start` checks the
/// factor and `:finalize` takes its code (Google's reference for `accounts.mfaSignIn`; the checks
/// and codes of firebase-tools `src/emulator/auth/operations.ts` `mfaSignInStart`,
/// `mfaSignInFinalize`, which serve phone factors only).
extension FirebaseEngine {
    /// How long a `mfaPendingCredential` is taken.
    static let pendingSecondFactorLifetime: TimeInterval = 300
    /// At most this many sign-ins wait for their second factor at once (a new one drops the oldest).
    static let pendingSecondFactorCapacity = 10_000

    /// Keeps a first-factor sign-in for its second factor.
    /// - Returns: The `mfaPendingCredential`.
    func pendSecondFactor(for localId: String, signInProvider: String, authTime: Int64) -> String {
        let credential = RandomIdentifiers.opaqueToken(40)
        let now = self.now
        let pending = FirebasePendingSecondFactor(
            localId: localId, signInProvider: signInProvider, authTime: authTime,
            expiresAt: now.addingTimeInterval(Self.pendingSecondFactorLifetime))
        pendingSecondFactors.withLock { all in
            all = all.filter { $0.value.expiresAt > now }
            if all.count >= Self.pendingSecondFactorCapacity, let oldest = all.min(by: { $0.value.expiresAt < $1.value.expiresAt }) {
                all[oldest.key] = nil
            }
            all[credential] = pending
        }
        return credential
    }

    /// `mfaSignIn:start` for a TOTP factor: checks the credential and the factor (TOTP needs no
    /// challenge, so the answer is empty).
    /// - Throws: `MISSING_MFA_PENDING_CREDENTIAL`, `INVALID_MFA_PENDING_CREDENTIAL`, `MISSING_MFA_ENROLLMENT_ID`,
    ///   `MFA_ENROLLMENT_NOT_FOUND`.
    package func startMFASignIn(_ request: FirebaseMFASignInRequest) async throws(FirebaseFailure) {
        let pending = try pendingSecondFactor(request.mfaPendingCredential)
        _ = try enrollment(request.mfaEnrollmentId, of: pending.localId)
    }

    /// `mfaSignIn:finalize` with `totpVerificationInfo`: a right code (once) answers the tokens,
    /// whose ID token names the second factor.
    /// - Returns: The tokens.
    /// - Throws: as ``startMFASignIn(_:)``, and `MISSING_CODE`, `INVALID_CODE` (the credential stays).
    package func finalizeMFASignIn(_ request: FirebaseMFASignInRequest) async throws(FirebaseFailure) -> FirebaseMFATokensResponse {
        guard let credential = request.mfaPendingCredential, !credential.isEmpty else {
            throw .code("MISSING_CREDENTIAL", "Please set MFA Pending Credential.")
        }
        let pending = try pendingSecondFactor(credential)
        var factor = try enrollment(request.mfaEnrollmentId, of: pending.localId)
        guard let code = request.totpVerificationInfo?.verificationCode, !code.isEmpty else { throw .code("MISSING_CODE") }
        let now = self.now
        let totp = try projectTOTP()
        guard let step = try? totp.matchingStep(of: code, for: factor.secret, at: now), step > (factor.lastUsedStep ?? .min) else {
            throw .code("INVALID_CODE")
        }
        factor.lastUsedStep = step
        let (user, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let user = try store.activeUser(pending.localId, issuedAt: Int64(now.timeIntervalSince1970))
            store.rows.save(factor)
            return (
                user,
                store.issueRefreshToken(
                    for: user.localId, signInProvider: pending.signInProvider, authTime: pending.authTime, now: now,
                    secondFactor: factor.mfaEnrollmentId)
            )
        }
        pendingSecondFactors.withLock { $0[credential] = nil }
        let idToken = try mintIDToken(
            for: user, signInProvider: pending.signInProvider, authTime: pending.authTime,
            secondFactor: factor.mfaEnrollmentId)
        return FirebaseMFATokensResponse(idToken: idToken, refreshToken: refreshToken)
    }

    private func pendingSecondFactor(_ credential: String?) throws(FirebaseFailure) -> FirebasePendingSecondFactor {
        guard let credential, !credential.isEmpty else {
            throw .code("MISSING_MFA_PENDING_CREDENTIAL", "Request does not have MFA pending credential.")
        }
        let now = self.now
        guard let pending = pendingSecondFactors.withLock({ $0[credential] }), pending.expiresAt > now else {
            throw .code("INVALID_MFA_PENDING_CREDENTIAL")
        }
        return pending
    }

    private func enrollment(_ id: String?, of localId: String) throws(FirebaseFailure) -> FirebaseMFAEnrollmentRecord {
        guard let id, !id.isEmpty else { throw .code("MISSING_MFA_ENROLLMENT_ID", "No second factor identifier is provided.") }
        let factors = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.mfaEnrollments(of: localId) }
        guard let factor = factors.first(where: { $0.mfaEnrollmentId == id }) else { throw .code("MFA_ENROLLMENT_NOT_FOUND") }
        return factor
    }
}
