import AuthData
import AuthDomain
import Foundation

/// MFA after GoTrue internal/api/mfa.go (`EnrollFactor`, `ChallengeFactor`, `VerifyFactor`,
/// `UnenrollFactor`), internal/api/admin.go (`adminUserDeleteFactor`) and internal/models
/// (factor.go, challenge.go, sessions.go).
extension SupabaseStore {
    /// `validateFactors` then `enrollTOTPFactor`: unverified factors past
    /// `GOTRUE_MFA_FACTOR_EXPIRY_DURATION` go; a friendly name is unique per user (422
    /// `mfa_factor_name_conflict`); at most `GOTRUE_MFA_MAX_ENROLLED_FACTORS` factors and
    /// `GOTRUE_MFA_MAX_VERIFIED_FACTORS` verified ones (422 `too_many_enrolled_mfa_factors`);
    /// once one is verified, another needs an `aal2` session (403 `insufficient_aal`).
    package func enrollTOTP(
        userID: String, sessionID: String, friendlyName: String, secret: Secret, now clock: Date
    ) throws(SupabaseFailure) -> SupabaseFactorRecord {
        let mfa = configuration.settings.mfa
        for factor in rows.factors(userID: userID)
        where !factor.isVerified && factor.createdAt.addingTimeInterval(mfa.factorExpirySeconds) < clock {
            rows.deleteFactor(factor.id)
        }
        let factors = rows.factors(userID: userID)
        if !friendlyName.isEmpty, factors.contains(where: { $0.friendlyName == friendlyName }) {
            throw .api(
                status: 422, code: "mfa_factor_name_conflict",
                message: "A factor with the friendly name \"\(friendlyName)\" for this user already exists")
        }
        let verified = factors.filter(\.isVerified).count
        guard factors.count < mfa.maxEnrolledFactors, verified < mfa.maxVerifiedFactors else {
            throw .api(
                status: 422, code: "too_many_enrolled_mfa_factors",
                message: "Maximum number of verified factors reached, unenroll to continue")
        }
        if verified > 0, rows.session(sessionID)?.aal != "aal2" {
            throw .api(status: 403, code: "insufficient_aal", message: "AAL2 required to enroll a new factor")
        }
        let now = stamp(clock)
        let factor = SupabaseFactorRecord(
            id: RandomIdentifiers.uuid(), userID: userID, friendlyName: friendlyName, factorType: "totp",
            status: SupabaseFactorRecord.unverified, secret: secret, createdAt: now, updatedAt: now)
        rows.save(factor)
        return factor
    }

    /// `loadFactor` (internal/api/admin.go): the factor must be the user's (404 `mfa_factor_not_found`).
    package func ownedFactor(_ factorID: String, userID: String) throws(SupabaseFailure) -> SupabaseFactorRecord {
        guard UUID(uuidString: factorID) != nil else {
            throw .api(status: 404, code: "validation_failed", message: "factor_id must be an UUID")
        }
        guard let factor = rows.factor(factorID.lowercased()), factor.userID == userID else {
            throw .api(status: 404, code: "mfa_factor_not_found", message: "Factor not found")
        }
        return factor
    }

    /// `challengeTOTPFactor`: a challenge for the client and session, `last_challenged_at` moved.
    package func challenge(
        _ factorID: String, userID: String, sessionID: String, client: String, now clock: Date
    ) throws(SupabaseFailure) -> SupabaseChallengeRecord {
        var factor = try ownedFactor(factorID, userID: userID)
        let now = stamp(clock)
        let challenge = SupabaseChallengeRecord(
            id: RandomIdentifiers.uuid(), factorID: factor.id, createdAt: now, ipAddress: client, sessionID: sessionID)
        rows.save(challenge)
        factor.lastChallengedAt = now
        factor.updatedAt = now
        rows.save(factor)
        return challenge
    }

    /// `validateChallenge`: the factor's challenge (422 `mfa_factor_not_found`), not verified yet
    /// and from the same client (422 `mfa_ip_address_mismatch`; here also from the same session),
    /// not expired (deleted, 422 `mfa_challenge_expired`).
    package func openChallenge(
        _ challengeID: String, of factor: SupabaseFactorRecord, sessionID: String, client: String, now: Date
    ) throws(SupabaseFailure) -> SupabaseChallengeRecord {
        guard UUID(uuidString: challengeID) != nil, let challenge = rows.challenge(challengeID.lowercased()),
            challenge.factorID == factor.id
        else {
            throw .api(status: 422, code: "mfa_factor_not_found", message: "MFA factor with the provided challenge ID not found")
        }
        guard challenge.verifiedAt == nil, challenge.ipAddress == client, challenge.sessionID == sessionID else {
            throw .api(status: 422, code: "mfa_ip_address_mismatch", message: "Challenge and verify IP addresses mismatch.")
        }
        guard now < challenge.createdAt.addingTimeInterval(configuration.settings.mfa.challengeExpirySeconds) else {
            rows.deleteChallenge(challenge.id)
            throw .api(
                status: 422, code: "mfa_challenge_expired",
                message: "MFA challenge \(challenge.id) has expired, verify against "
                    + "another challenge or create a new challenge.")
        }
        return challenge
    }

    /// A right code's effects (`verifyTOTPFactor`): the challenge verified, the factor verified,
    /// the code's step kept (a code is accepted once), the session `aal2` with a `totp` claim and a
    /// new refresh token (`updateMFASessionAndClaims`: the aal1 token cannot be refreshed into
    /// aal2), the user's other sessions below `aal2` ended (`InvalidateSessionsWithAALLessThan`)
    /// and their unverified TOTP factors deleted (`DeleteUnverifiedFactors`).
    package func acceptCode(
        challenge: SupabaseChallengeRecord, factor: SupabaseFactorRecord, step: Int64, sessionID: String, now clock: Date
    ) throws(SupabaseFailure) -> Issued {
        let now = stamp(clock)
        var challenge = challenge
        var factor = factor
        challenge.verifiedAt = now
        rows.save(challenge)
        factor.status = SupabaseFactorRecord.verified
        factor.lastUsedStep = step
        factor.updatedAt = now
        rows.save(factor)
        rows.addAMRClaim(sessionID: sessionID, SupabaseAMREntry(method: "totp", timestamp: Int64(now.timeIntervalSince1970)))
        rows.setAssurance(sessionID: sessionID, aal: "aal2", factorID: factor.id)
        for other in rows.sessionIDs(userID: factor.userID) where other != sessionID && rows.session(other)?.aal != "aal2" {
            endSession(other)
        }
        for unverified in rows.factors(userID: factor.userID) where !unverified.isVerified && unverified.factorType == factor.factorType {
            rows.deleteFactor(unverified.id)
        }
        guard let session = rows.session(sessionID), var user = rows.user(factor.userID) else { throw .sessionNotFound }
        let child = RandomIdentifiers.supabaseRefreshToken()
        rows.revokeRefreshToken(session.activeRefreshToken, at: now)
        rows.insertRefreshToken(child, SupabaseRefreshTokenRecord(sessionID: sessionID, parent: session.activeRefreshToken))
        user.updatedAt = now
        rows.save(user)
        return issued(user, session: session, refreshToken: child)
    }

    /// Deletes a factor (`UnenrollFactor`: a verified one needs an `aal2` session, 422
    /// `insufficient_aal`; `adminUserDeleteFactor` does not ask) and downgrades the sessions it
    /// raised to `aal1` without their `totp` claim (`DowngradeSessionsToAAL1`).
    package func deleteFactor(_ factor: SupabaseFactorRecord, requiringAAL2Of sessionID: String?) throws(SupabaseFailure) {
        if let sessionID, factor.isVerified, rows.session(sessionID)?.aal != "aal2" {
            throw .api(status: 422, code: "insufficient_aal", message: "AAL2 required to unenroll verified factor")
        }
        rows.deleteFactor(factor.id)
        for session in rows.sessionIDs(userID: factor.userID) where rows.session(session)?.factorID == factor.id {
            rows.removeAMRClaim(sessionID: session, method: "totp")
            rows.setAssurance(sessionID: session, aal: "aal1", factorID: nil)
        }
    }
}
