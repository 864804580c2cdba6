import AuthData
import AuthDomain
import Foundation

/// Identity Toolkit v2 `accounts/mfaEnrollment:start`, `:finalize` and `:withdraw` for TOTP
/// factors (Google's reference for `accounts.mfaEnrollment`; the checks in the order of
/// firebase-tools `src/emulator/auth/operations.ts` `mfaEnrollmentStart`, `mfaEnrollmentFinalize`
/// and `mfaEnrollmentWithdraw`, which serves phone factors only).
extension FirebaseEngine {
    /// How long `:finalize` takes a `:start` session.
    static let totpEnrollmentLifetime: TimeInterval = 300
    /// At most this many enrolments of one user wait for `:finalize` at once (a new one drops the
    /// oldest).
    static let totpEnrollmentsPerUser = 10
    /// At most this many factors per user (`SECOND_FACTOR_LIMIT_EXCEEDED`).
    static let maximumSecondFactors = 5
    /// First factors that cannot enrol a second (operations.ts `MFA_INELIGIBLE_PROVIDER`).
    static let ineligibleFirstFactors: Set<String> = ["anonymous", "phone", "custom", "gc.apple.com"]

    /// `mfaEnrollment:start` with `totpEnrollmentInfo`: a new shared secret and the session that
    /// `:finalize` takes.
    /// - Parameter request: The body.
    /// - Returns: `totpSessionInfo` (holds the secret).
    /// - Throws: `OPERATION_NOT_ALLOWED` when the project's `mfa` does not allow TOTP (first, as
    ///   operations.ts checks its SMS provider), `MISSING_ID_TOKEN`, `INVALID_ID_TOKEN`, `UNSUPPORTED_FIRST_FACTOR`, `UNVERIFIED_EMAIL`,
    ///   `INVALID_ARGUMENT` without `totpEnrollmentInfo`, `SECOND_FACTOR_LIMIT_EXCEEDED`.
    package func startMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws(FirebaseFailure) -> FirebaseTOTPStartResponse {
        guard try mfaConfig().allowsTOTP else { throw .code("OPERATION_NOT_ALLOWED", "TOTP based MFA not enabled.") }
        let caller = try await eligibleCaller(request.idToken)
        guard caller.user.emailVerified else {
            throw .code("UNVERIFIED_EMAIL", "Need to verify email first before enrolling second factors.")
        }
        guard request.totpEnrollmentInfo != nil else {
            throw .code(
                "INVALID_ARGUMENT",
                request.phoneEnrollmentInfo == nil
                    ? "((Missing totpEnrollmentInfo.))" : "SMS based MFA not enabled.")
        }
        let count = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.mfaEnrollments(of: caller.localId).count }
        guard count < Self.maximumSecondFactors else { throw .code("SECOND_FACTOR_LIMIT_EXCEEDED") }
        let enrollment = TOTPEnrollment(issuer: configuration.projectID, accountName: caller.user.email ?? caller.localId)
        let sessionInfo = RandomIdentifiers.opaqueToken(40)
        let now = self.now
        let expiresAt = now.addingTimeInterval(Self.totpEnrollmentLifetime)
        let session = FirebaseTOTPEnrollmentSession(localId: caller.localId, secret: enrollment.secret, expiresAt: expiresAt)
        try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            store.rows.purgeTOTPEnrollmentSessions(expiredAt: now)
            for (stale, _) in store.rows.totpEnrollmentSessions(of: caller.localId).dropLast(Self.totpEnrollmentsPerUser - 1) {
                store.rows.deleteTOTPEnrollmentSession(stale)
            }
            store.rows.insertTOTPEnrollmentSession(sessionInfo, session)
        }
        return FirebaseTOTPStartResponse(
            totpSessionInfo: .init(
                sharedSecretKey: enrollment.secret.revealed, verificationCodeLength: 6, hashingAlgorithm: "SHA1", periodSec: 30,
                sessionInfo: sessionInfo, finalizeEnrollmentTime: RFC3339.format(expiresAt)))
    }

    /// `mfaEnrollment:finalize` with `totpVerificationInfo`: the code proves the secret; the factor
    /// is enrolled and the answer's tokens carry it as the second factor.
    /// - Parameter request: The body.
    /// - Returns: New tokens.
    /// - Throws: `MISSING_SESSION_INFO`, `MISSING_CODE`, `INVALID_SESSION_INFO` (unknown or another
    ///   user's), `SESSION_EXPIRED`, `INVALID_CODE`, `SECOND_FACTOR_LIMIT_EXCEEDED`.
    package func finalizeMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws(FirebaseFailure) -> FirebaseMFATokensResponse {
        let caller = try await eligibleCaller(request.idToken)
        guard let info = request.totpVerificationInfo else { throw .code("INVALID_ARGUMENT", "((Missing totpVerificationInfo.))") }
        guard let sessionInfo = info.sessionInfo, !sessionInfo.isEmpty else { throw .code("MISSING_SESSION_INFO") }
        guard let code = info.verificationCode, !code.isEmpty else { throw .code("MISSING_CODE") }
        let now = self.now
        let pending = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.totpEnrollmentSession(sessionInfo) }
        guard let session = pending, session.localId == caller.localId else { throw .code("INVALID_SESSION_INFO") }
        guard session.expiresAt > now else {
            try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.deleteTOTPEnrollmentSession(sessionInfo) }
            throw .code("SESSION_EXPIRED")
        }
        guard let step = try? projectTOTP().matchingStep(of: code, for: session.secret, at: now) else { throw .code("INVALID_CODE") }
        let enrollment = FirebaseMFAEnrollmentRecord(
            localId: caller.localId, mfaEnrollmentId: RandomIdentifiers.firebaseUID(), displayName: request.displayName,
            enrolledAt: now, secret: session.secret, lastUsedStep: step)
        let authTime = caller.authTime
        let refreshToken = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            guard store.rows.totpEnrollmentSession(sessionInfo) != nil else { throw .code("INVALID_SESSION_INFO") }
            guard store.rows.mfaEnrollments(of: caller.localId).count < Self.maximumSecondFactors else {
                throw .code("SECOND_FACTOR_LIMIT_EXCEEDED")
            }
            store.rows.deleteTOTPEnrollmentSession(sessionInfo)
            store.rows.save(enrollment)
            return store.issueRefreshToken(
                for: caller.localId, signInProvider: caller.signInProvider, authTime: authTime, now: now,
                secondFactor: enrollment.mfaEnrollmentId)
        }
        let idToken = try mintIDToken(
            for: caller.user, signInProvider: caller.signInProvider, authTime: authTime,
            secondFactor: enrollment.mfaEnrollmentId)
        return FirebaseMFATokensResponse(idToken: idToken, refreshToken: refreshToken)
    }

    /// `mfaEnrollment:withdraw`: removes one of the caller's factors.
    /// - Parameter request: The body (`mfaEnrollmentId`).
    /// - Returns: New tokens, without a second factor.
    /// - Throws: `MISSING_ID_TOKEN`, `INVALID_ID_TOKEN`, `MFA_ENROLLMENT_NOT_FOUND`.
    package func withdrawMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws(FirebaseFailure) -> FirebaseMFATokensResponse {
        let caller = try await authenticate(request.idToken)
        let now = self.now
        let refreshToken = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            guard let id = request.mfaEnrollmentId,
                store.rows.mfaEnrollments(of: caller.localId).contains(where: { $0.mfaEnrollmentId == id })
            else { throw .code("MFA_ENROLLMENT_NOT_FOUND") }
            store.rows.deleteMFAEnrollment(localId: caller.localId, mfaEnrollmentId: id)
            return store.issueRefreshToken(for: caller.localId, signInProvider: caller.signInProvider, authTime: caller.authTime, now: now)
        }
        let idToken = try mintIDToken(for: caller.user, signInProvider: caller.signInProvider, authTime: caller.authTime)
        return FirebaseMFATokensResponse(idToken: idToken, refreshToken: refreshToken)
    }

    /// The user's factors as `accounts:lookup` lists them (`nil` without any).
    func mfaInfo(of localId: String) throws(FirebaseFailure) -> [FirebaseMFAInfoPayload]? {
        let enrollments = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.mfaEnrollments(of: localId) }
        guard !enrollments.isEmpty else { return nil }
        return enrollments.map {
            FirebaseMFAInfoPayload(
                mfaEnrollmentId: $0.mfaEnrollmentId, displayName: $0.displayName,
                enrolledAt: RFC3339.format($0.enrolledAt), totpInfo: [:])
        }
    }

    /// The factors of a user with their current codes, for the console (the emulator's own window
    /// on the secrets, as its mailbox is on mailed codes).
    package func currentCodes(localId: String) throws(FirebaseFailure) -> [(factor: FirebaseMFAInfoPayload, code: String, secondsLeft: Int)]
    {
        let now = self.now
        let totp = TOTP()
        return try inspect { (store: FirebaseStore) throws(FirebaseFailure) in
            store.rows.mfaEnrollments(of: localId).compactMap { factor in
                guard let code = try? totp.code(for: factor.secret, at: now) else { return nil }
                let payload = FirebaseMFAInfoPayload(
                    mfaEnrollmentId: factor.mfaEnrollmentId, displayName: factor.displayName, enrolledAt: nil, totpInfo: [:])
                return (payload, code, totp.secondsLeft(at: now))
            }
        }
    }

    /// The current codes of a user's enrolments waiting for `:finalize`, by `sessionInfo` (what
    /// `login mfa code` shows for a factor not yet verified, as GoTrue's unverified factors).
    package func pendingEnrollmentCodes(
        localId: String
    ) throws(FirebaseFailure) -> [(sessionInfo: String, code: String, secondsLeft: Int)] {
        let now = self.now
        let totp = TOTP()
        return try inspect { (store: FirebaseStore) throws(FirebaseFailure) in
            store.rows.totpEnrollmentSessions(of: localId).compactMap { pending in
                guard pending.session.expiresAt > now, let code = try? totp.code(for: pending.session.secret, at: now) else { return nil }
                return (pending.sessionInfo, code, totp.secondsLeft(at: now))
            }
        }
    }

    private func eligibleCaller(_ idToken: String?) async throws(FirebaseFailure) -> Caller {
        let caller = try await authenticate(idToken)
        guard !Self.ineligibleFirstFactors.contains(caller.signInProvider) else {
            throw .code("UNSUPPORTED_FIRST_FACTOR", "MFA is not available for the given first factor.")
        }
        return caller
    }
}
