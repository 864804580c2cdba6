import AuthSimulation
import Foundation
import GRDB

/// Sessions (`sessions`, their `mfa_amr_claims`), `refresh_tokens` and `flow_state`.
extension SQLiteSupabaseRows {
    func session(_ id: String) -> SupabaseSessionRecord? {
        guard
            let row = step.row(
                """
                SELECT user_id, created_at, (SELECT token FROM refresh_tokens WHERE session_id = s.id ORDER BY id DESC LIMIT 1),
                    refreshed_at, not_after, aal, factor_id
                FROM sessions s WHERE id = ?
                """, [id])
        else { return nil }
        // The first claim is the first factor's; later ones (`totp`) follow in the order added.
        let claims = step.rows(
            """
            SELECT authentication_method, updated_at FROM mfa_amr_claims WHERE session_id = ? ORDER BY created_at,\
             authentication_method = 'totp', id
            """,
            [id]
        )
        .map {
            SupabaseAMREntry(method: $0[0], timestamp: Int64(step.date($0[1] as String, "mfa_amr_claims.updated_at").timeIntervalSince1970))
        }
        var session = SupabaseSessionRecord(
            id: id, userID: row[0], createdAt: step.date(row[1] as String, "sessions.created_at"), amrMethod: claims.first?.method ?? "",
            amrTimestamp: claims.first?.timestamp ?? Int64(Date.distantPast.timeIntervalSince1970), activeRefreshToken: row[2] ?? "",
            refreshedAt: step.optionalDate(row[3], "sessions.refreshed_at"), notAfter: step.optionalDate(row[4], "sessions.not_after"))
        session.aal = row[5]
        session.factorID = row[6]
        session.laterAMR = Array(claims.dropFirst())
        return session
    }

    func sessionIDs(userID: String) -> [String] {
        step.strings("SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at, id", [userID])
    }

    func sessionIDs(userID: String, beyondNewest count: Int) -> [String] {
        // Walks the user's (user_id, created_at) index entries in SQLite and returns only the
        // sessions past the newest `count`: a sign-in at the cap reads one id, not 64.
        step.strings(
            """
            SELECT id FROM (SELECT id, created_at FROM sessions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?)
            ORDER BY created_at, id
            """, [userID, count])
    }

    func insert(_ session: SupabaseSessionRecord) {
        let created = Column.text(session.createdAt)
        step.execute(
            "INSERT INTO sessions (id, user_id, created_at, updated_at, refreshed_at, not_after) VALUES (?, ?, ?, ?, ?, ?)",
            [session.id, session.userID, created, created, Column.text(session.refreshedAt), Column.text(session.notAfter)])
        // GoTrue's AMR entry timestamp is the claim's `updated_at`, in seconds.
        let amrAt = Column.text(Date(timeIntervalSince1970: Double(session.amrTimestamp)))
        step.execute(
            """
            INSERT INTO mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            """, [RandomIdentifiers.uuid(), session.id, session.amrMethod, amrAt, amrAt])
    }

    func update(_ session: SupabaseSessionRecord) {
        let updated: Date = session.refreshedAt ?? session.notAfter ?? session.createdAt
        step.execute(
            "UPDATE sessions SET refreshed_at = ?, not_after = ?, updated_at = ? WHERE id = ?",
            [Column.text(session.refreshedAt), Column.text(session.notAfter), Column.text(updated), session.id])
    }

    func deleteSession(_ id: String) { step.execute("DELETE FROM sessions WHERE id = ?", [id]) }

    func refreshToken(_ token: String) -> SupabaseRefreshTokenRecord? {
        guard let row = step.row("SELECT session_id, parent, revoked, updated_at FROM refresh_tokens WHERE token = ?", [token]) else {
            return nil
        }
        let revoked: Bool = row[2]
        return SupabaseRefreshTokenRecord(
            sessionID: row[0], parent: row[1], revokedAt: revoked ? step.date(row[3] as String, "refresh_tokens.updated_at") : nil)
    }

    func refreshTokens(sessionID: String) -> [String] {
        step.strings("SELECT token FROM refresh_tokens WHERE session_id = ? ORDER BY id", [sessionID])
    }

    func insertRefreshToken(_ token: String, _ record: SupabaseRefreshTokenRecord) {
        // The row's `created_at` is the step's stamp: the request's instant.
        let created = Column.text(lastStamp == .distantPast ? Date() : lastStamp)
        step.execute(
            """
            INSERT INTO refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
            SELECT ?, user_id, ?, ?, ?, ?, id FROM sessions WHERE id = ?
            """, [token, record.revokedAt != nil, created, Column.text(record.revokedAt) ?? created, record.parent, record.sessionID])
    }

    func revokeRefreshToken(_ token: String, at date: Date) {
        step.execute("UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE token = ?", [Column.text(date), token])
    }

    func revokeRefreshTokens(sessionID: String, at date: Date) {
        step.execute(
            "UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE session_id = ? AND revoked = 0", [Column.text(date), sessionID])
    }

    // MARK: - flow_state

    func flowState(_ id: String) -> SupabaseFlowStateRecord? {
        step.row("SELECT \(Self.flowStateColumns) FROM flow_state WHERE id = ?", [id]).map(flowState(from:))
    }

    func flowState(authCode: String) -> SupabaseFlowStateRecord? {
        step.row("SELECT \(Self.flowStateColumns) FROM flow_state WHERE auth_code = ? LIMIT 1", [authCode]).map(flowState(from:))
    }

    func save(_ record: SupabaseFlowStateRecord) {
        let updated: Date = record.authCodeIssuedAt ?? record.createdAt
        step.execute(
            """
            INSERT OR REPLACE INTO flow_state (\(Self.flowStateColumns), updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                record.id, record.userID, record.authCode, record.codeChallengeMethod, record.codeChallenge, record.provider,
                Column.text(record.createdAt), record.authenticationMethod, Column.text(record.authCodeIssuedAt),
                record.referrer, record.linkingTargetID, record.providerAccessToken, record.providerRefreshToken,
                Column.text(updated),
            ])
    }

    func deleteFlowState(_ id: String) { step.execute("DELETE FROM flow_state WHERE id = ?", [id]) }

    func deleteFlowStates(createdAtOrBefore date: Date) {
        step.execute("DELETE FROM flow_state WHERE created_at <= ?", [Column.text(date)])
    }

    private static let flowStateColumns = """
        id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, authentication_method, \
        auth_code_issued_at, referrer, linking_target_id, provider_access_token, provider_refresh_token
        """

    private func flowState(from row: StepRow) -> SupabaseFlowStateRecord {
        SupabaseFlowStateRecord(
            id: row[0], provider: row[5], codeChallenge: row[4], codeChallengeMethod: row[3], authCode: row[2], referrer: row[9],
            linkingTargetID: row[10], createdAt: step.date(row[6] as String, "flow_state.created_at"),
            authCodeIssuedAt: step.optionalDate(row[8], "flow_state.auth_code_issued_at"), userID: row[1],
            authenticationMethod: row[7], providerAccessToken: row[11], providerRefreshToken: row[12])
    }

    func flowState(userID: String, authenticationMethod: String) -> SupabaseFlowStateRecord? {
        step.row(
            """
            SELECT \(Self.flowStateColumns) FROM flow_state WHERE user_id = ? AND authentication_method = ?
            ORDER BY created_at DESC LIMIT 1
            """, [userID, authenticationMethod]
        ).map(flowState(from:))
    }
}
