import AuthData
import AuthDomain
import Foundation

/// GoTrue's MFA routes (internal/api/mfa.go): `POST /factors`, `POST /factors/{id}/challenge`,
/// `POST /factors/{id}/verify`, `DELETE /factors/{id}`, and the admin's
/// `GET /admin/users/{id}/factors`, `DELETE /admin/users/{id}/factors/{factor_id}`. TOTP only.
extension SupabaseEngine {
    /// `requireNotAnonymous` (internal/api/auth.go): 403 `no_authorization` for an anonymous user.
    private func authenticateNamedUser(_ bearer: String?) async throws(SupabaseFailure) -> Caller {
        let caller = try await authenticate(bearer)
        guard !caller.user.isAnonymous else {
            throw .api(status: 403, code: "no_authorization", message: "Anonymous user not allowed to perform these actions")
        }
        return caller
    }

    /// `POST /factors` with `factor_type: totp`; the issuer defaults to the site URL's host and the
    /// account name is the user's email.
    package func enrollFactor(
        bearer: String?, factorType: String?, friendlyName: String?, issuer: String?
    ) async throws(SupabaseFailure) -> SupabaseEnrolledFactorPayload {
        let caller = try await authenticateNamedUser(bearer)
        switch factorType {
        case "totp":
            guard configuration.settings.mfa.totpEnrollEnabled else {
                throw .api(status: 422, code: "mfa_totp_enroll_not_enabled", message: "MFA enroll is disabled for TOTP")
            }
        case "phone": throw .api(status: 422, code: "mfa_phone_enroll_not_enabled", message: "MFA enroll is disabled for Phone")
        case "webauthn": throw .api(status: 422, code: "mfa_webauthn_enroll_not_enabled", message: "MFA enroll is disabled for WebAuthn")
        default: throw .validation("factor_type needs to be totp, phone, or webauthn")
        }
        let name = friendlyName ?? ""
        guard name.utf8.count <= 256, (issuer ?? "").utf8.count <= 256 else {
            throw .validation("friendly_name and issuer take at most 256 bytes")
        }
        let issuer = issuer.flatMap { $0.isEmpty ? nil : $0 } ?? URL(string: configuration.settings.siteURL)?.host ?? "localhost"
        let enrollment = TOTPEnrollment(issuer: issuer, accountName: caller.user.email)
        let factor = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.enrollTOTP(
                userID: caller.userID, sessionID: caller.sessionID, friendlyName: name, secret: enrollment.secret, now: clock.now())
        }
        // GoTrue draws the URI at level H (qr.Encode(key.String(), qr.H, qr.Auto)); 256-byte
        // issuers and emails keep it far below version 40.
        let qrCode = (try? QRCode(Array(enrollment.uri.revealed.utf8), level: .high).svg()) ?? ""
        return SupabaseEnrolledFactorPayload(
            id: factor.id, type: factor.factorType, friendlyName: name, qrCode: qrCode, secret: enrollment.secret, uri: enrollment.uri)
    }

    /// `POST /factors/{id}/challenge`: the challenge's id, type and `expires_at` (seconds).
    package func challengeFactor(
        bearer: String?, factorID: String, client: String = inProcessClient
    ) async throws(SupabaseFailure) -> SupabaseChallengePayload {
        let caller = try await authenticateNamedUser(bearer)
        try limitFactorCall("factor-challenge", client: client)
        try checkVerifyEnabled()
        let challenge = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.challenge(factorID, userID: caller.userID, sessionID: caller.sessionID, client: client, now: clock.now())
        }
        let expiresAt = challenge.createdAt.addingTimeInterval(configuration.settings.mfa.challengeExpirySeconds)
        return SupabaseChallengePayload(id: challenge.id, type: "totp", expiresAt: Int64(expiresAt.timeIntervalSince1970))
    }

    /// `POST /factors/{id}/verify`: a right code answers the `aal2` session (see
    /// ``SupabaseStore/acceptCode(challenge:factor:step:sessionID:now:)``); a wrong one, one
    /// already used, or one that is not six digits is 422 `mfa_verification_failed` and the
    /// challenge stays open.
    package func verifyFactor(
        bearer: String?, factorID: String, challengeID: String?, code: String?, client: String = inProcessClient
    ) async throws(SupabaseFailure) -> SupabaseSessionPayload {
        let caller = try await authenticateNamedUser(bearer)
        try limitFactorCall("factor-verify", client: client)
        guard let code, !code.isEmpty else { throw .validation("Code needs to be non-empty") }
        try checkVerifyEnabled()
        let totp = TOTP()
        let issued = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            let now = clock.now()
            let factor = try store.ownedFactor(factorID, userID: caller.userID)
            let challenge = try store.openChallenge(challengeID ?? "", of: factor, sessionID: caller.sessionID, client: client, now: now)
            let step: Int64?
            do { step = try totp.matchingStep(of: code, for: factor.secret, at: now) } catch { throw .databaseError }
            guard let step, step > (factor.lastUsedStep ?? .min) else {
                throw .api(status: 422, code: "mfa_verification_failed", message: "Invalid TOTP code entered")
            }
            return try store.acceptCode(challenge: challenge, factor: factor, step: step, sessionID: caller.sessionID, now: now)
        }
        return try sessionPayload(issued)
    }

    /// `DELETE /factors/{id}`: the deleted factor's id.
    package func unenrollFactor(bearer: String?, factorID: String) async throws(SupabaseFailure) -> String {
        let caller = try await authenticateNamedUser(bearer)
        return try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            let factor = try store.ownedFactor(factorID, userID: caller.userID)
            try store.deleteFactor(factor, requiringAAL2Of: caller.sessionID)
            return factor.id
        }
    }

    /// `GET /admin/users/{id}/factors`.
    package func adminListFactors(bearer: String?, userID: String) async throws(SupabaseFailure) -> [SupabaseFactorPayload] {
        let user = try adminTarget(bearer, userID)
        return try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.rows.factors(userID: user).map(\.payload) }
    }

    /// `DELETE /admin/users/{id}/factors/{factor_id}`: the deleted factor.
    package func adminDeleteFactor(bearer: String?, userID: String, factorID: String) async throws(SupabaseFailure) -> SupabaseFactorPayload
    {
        let user = try adminTarget(bearer, userID)
        return try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            let factor = try store.ownedFactor(factorID, userID: user)
            try store.deleteFactor(factor, requiringAAL2Of: nil)
            return factor.payload
        }
    }

    /// The factors of a user with their current codes, for the console and `login mfa code`
    /// (the emulator's own window on the secrets, as its mailbox is on mailed codes).
    package func currentCodes(userID: String) throws(SupabaseFailure) -> [(factor: SupabaseFactorPayload, code: String, secondsLeft: Int)] {
        let now = clock.now()
        let totp = TOTP()
        return try inspect { (store: SupabaseStore) throws(SupabaseFailure) in
            store.rows.factors(userID: userID).compactMap { factor in
                guard let code = try? totp.code(for: factor.secret, at: now) else { return nil }
                return (factor.payload, code, totp.secondsLeft(at: now))
            }
        }
    }

    private func adminTarget(_ bearer: String?, _ userID: String) throws(SupabaseFailure) -> String {
        try requireAdmin(bearer)
        guard UUID(uuidString: userID) != nil else {
            throw .api(status: 404, code: "validation_failed", message: "user_id must be an UUID")
        }
        let id = userID.lowercased()
        guard try inspect({ (store: SupabaseStore) throws(SupabaseFailure) in store.user(id) }) != nil else { throw .adminUserNotFound }
        return id
    }

    /// GoTrue's `FactorChallenge` and `FactorVerify` limiters (internal/api/apilimiter):
    /// `GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY` a minute, a bucket of 30, per client, after
    /// authentication; 429 `over_request_rate_limit`.
    private func limitFactorCall(_ name: String, client: String) throws(SupabaseFailure) {
        guard configuration.settings.rateLimits != nil, !client.isEmpty else { return }
        let limit = SupabaseRateLimits.Limit(events: configuration.settings.mfa.rateLimitChallengeAndVerify, period: 60, burst: 30)
        let now = clock.now()
        guard limiter.withLock({ $0.allow(limit, key: name + "|" + client, now: now) }) else { throw .overRequestRateLimit }
    }

    private func checkVerifyEnabled() throws(SupabaseFailure) {
        guard configuration.settings.mfa.totpVerifyEnabled else {
            throw .api(status: 422, code: "mfa_totp_verify_not_enabled", message: "MFA verification is disabled for TOTP")
        }
    }
}

extension SupabaseEngine {
    /// `UserUpdate` (internal/api/user.go): a user with a verified factor changes the password,
    /// the email or the phone only from an `aal2` session (401 `insufficient_aal`).
    func requireAAL2ForCredentialChange(_ caller: Caller, _ update: UserUpdate) throws(SupabaseFailure) {
        let changes =
            update.password?.isEmpty == false || (update.email.map { !$0.isEmpty && $0 != caller.user.email } ?? false)
            || update.phone?.isEmpty == false
        guard changes else { return }
        let (hasMFA, aal) = try inspect { (store: SupabaseStore) throws(SupabaseFailure) in
            (store.rows.factors(userID: caller.userID).contains(where: \.isVerified), store.rows.session(caller.sessionID)?.aal)
        }
        if hasMFA, aal != "aal2" {
            throw .api(
                status: 401, code: "insufficient_aal", message: "AAL2 session is required to update email or password when MFA is enabled.")
        }
    }
}
