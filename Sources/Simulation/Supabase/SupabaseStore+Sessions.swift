import AuthData
import Foundation

/// Sessions after GoTrue's `tokens/service.go` (`RefreshTokenGrant`), `api/auth.go`
/// (`requireAuthentication`) and `api/logout.go`.
extension SupabaseStore {
    /// `grant_type=refresh_token` with a 12-character token. A revoked token is answered with
    /// the session's current token when it is that token's parent (the client lost the last
    /// answer), and rotates again within `GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL` of its
    /// revocation; later, every token of the session is revoked (`RevokeTokenFamily`) and the
    /// answer is 400 `refresh_token_already_used`. The session itself is kept: its access tokens
    /// work until they expire. A session past its `not_after` answers 400 `session_expired`.
    package func refresh(token: String, now clock: Date) throws(SupabaseFailure) -> Issued {
        guard token.utf8.count >= 12 else { throw .validation("Refresh token is not valid") }
        guard let record = rows.refreshToken(token), let session = rows.session(record.sessionID), let user = rows.user(session.userID)
        else { throw .refreshTokenNotFound }
        guard !isBanned(user, now: clock) else {
            throw .api(status: 400, code: "user_banned", message: "Invalid Refresh Token: User Banned")
        }
        if let notAfter = session.notAfter, clock >= notAfter {
            throw .api(status: 400, code: "session_expired", message: "Invalid Refresh Token: Session Expired")
        }
        let now = stamp(clock)
        guard let revokedAt = record.revokedAt else { return rotate(token, in: session, user: user, now: now) }
        if let active = rows.refreshToken(session.activeRefreshToken), active.revokedAt == nil, active.parent == token {
            var refreshed = session
            refreshed.refreshedAt = now
            rows.update(refreshed)
            return issued(user, session: refreshed, refreshToken: session.activeRefreshToken)
        }
        if now <= revokedAt.addingTimeInterval(configuration.refreshTokenReuseInterval) {
            return rotate(token, in: session, user: user, now: now)
        }
        rows.revokeRefreshTokens(sessionID: session.id, at: now)
        throw .refreshTokenAlreadyUsed
    }

    /// `GrantRefreshTokenSwap`: the used token is revoked (again: its `updated_at` moves) and a
    /// child becomes the session's token.
    private func rotate(_ token: String, in session: SupabaseSessionRecord, user: SupabaseUserRecord, now: Date) -> Issued {
        let child = RandomIdentifiers.supabaseRefreshToken()
        rows.revokeRefreshToken(token, at: now)
        rows.insertRefreshToken(child, SupabaseRefreshTokenRecord(sessionID: session.id, parent: token, revokedAt: nil))
        var refreshed = session
        refreshed.refreshedAt = now
        rows.update(refreshed)
        return issued(user, session: refreshed, refreshToken: child)
    }

    /// Checks that the user and the session named by a verified access token exist, that the
    /// session is the user's (GoTrue does not compare them), and that the user is not banned.
    package func authenticate(userID: String, sessionID: String, now clock: Date) throws(SupabaseFailure) -> SupabaseUserRecord {
        guard let user = rows.user(userID) else { throw .userNotFound }
        guard let session = rows.session(sessionID), session.userID == userID else { throw .sessionNotFound }
        try ensureNotBanned(user, now: clock)
        return user
    }

    /// `requireAdminCredentials` for a token with a `session_id`: its user and session must exist.
    package func authenticateAdminSession(userID: String?, sessionID: String) throws(SupabaseFailure) {
        guard let userID, rows.user(userID) != nil else { throw .userNotFound }
        guard rows.session(sessionID)?.userID == userID else { throw .sessionNotFound }
    }

    package func logout(userID: String, sessionID: String, scope: String) throws(SupabaseFailure) {
        let sessions = rows.sessionIDs(userID: userID)
        switch scope {
        case "local": endSession(sessionID)
        case "others": for session in sessions where session != sessionID { endSession(session) }
        case "global", "": for session in sessions { endSession(session) }
        default: throw .validation("Unsupported logout scope \"\(scope)\"")
        }
    }
}
