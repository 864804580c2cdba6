import AuthData
import Foundation

/// The browser flow's state rows (GoTrue `models/flow_state.go`, `api/token.go` `PKCE`).
extension SupabaseStore {
    /// `GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION`: 300 s, and never less (configuration.go).
    static let flowStateLifetime: TimeInterval = 300

    /// Keeps a new flow state, dropping expired ones.
    /// - Parameters:
    ///   - record: The row.
    ///   - now: The time.
    package func insertFlowState(_ record: SupabaseFlowStateRecord, now: Date) {
        rows.deleteFlowStates(createdAtOrBefore: now.addingTimeInterval(-Self.flowStateLifetime))
        rows.save(record)
    }

    /// The flow state `/callback` names, with GoTrue's `loadFlowState` errors.
    /// - Parameters:
    ///   - id: The `state` the provider sent back.
    ///   - now: The time.
    /// - Returns: The row.
    /// - Throws: 400 `bad_oauth_callback` (missing), `bad_oauth_state` (not a UUID, unknown,
    ///   expired), `flow_state_already_used`.
    package func flowStateForCallback(_ id: String?, now: Date) throws(SupabaseFailure) -> SupabaseFlowStateRecord {
        guard let id, !id.isEmpty else { throw .api(status: 400, code: "bad_oauth_callback", message: "OAuth state parameter missing") }
        guard let uuid = UUID(uuidString: id) else { throw .api(status: 400, code: "bad_oauth_state", message: "OAuth state parameter is invalid") }
        guard let record = rows.flowState(uuid.uuidString.lowercased()) else {
            throw .api(status: 400, code: "bad_oauth_state", message: "OAuth state not found or expired")
        }
        guard now.timeIntervalSince(record.createdAt) < Self.flowStateLifetime else {
            throw .api(status: 400, code: "bad_oauth_state", message: "OAuth state has expired")
        }
        guard record.issued == nil else { throw .api(status: 400, code: "flow_state_already_used", message: "State has already been used") }
        return record
    }

    /// Records the session `/callback` made and the code that hands it over.
    /// - Parameters:
    ///   - id: The flow state.
    ///   - issued: The session.
    ///   - authCode: The code for `redirect_to`.
    ///   - now: The time.
    package func completeFlowState(_ id: String, issued: Issued, authCode: String, now: Date) {
        guard var record = rows.flowState(id) else { return }
        record.issued = SupabaseFlowStateRecord.IssuedSession(
            userID: issued.user.id, sessionID: issued.sessionID, refreshToken: issued.refreshToken,
            amrMethod: issued.amrMethod, amrTimestamp: issued.amrTimestamp)
        record.authCode = authCode
        record.authCodeIssuedAt = now
        rows.save(record)
    }

    /// Forgets a flow state (the implicit flow, or a callback that failed).
    package func removeFlowState(_ id: String) { rows.deleteFlowState(id) }

    /// `grant_type=pkce`: the session for an auth code and its verifier; single use.
    /// - Parameters:
    ///   - authCode: The code `redirect_to` got.
    ///   - verifier: The PKCE code verifier.
    ///   - now: The time.
    /// - Returns: The session.
    /// - Throws: 404 `flow_state_not_found`, 422 `flow_state_expired`, 400 `bad_code_verifier`
    ///   (the row is kept, so the client may retry).
    package func exchangeFlowState(authCode: String, verifier: String, now: Date) throws(SupabaseFailure) -> Issued {
        guard let record = rows.flowState(authCode: authCode), let issued = record.issued, let user = rows.user(issued.userID)
        else { throw .api(status: 404, code: "flow_state_not_found", message: "invalid flow state, no valid flow state found") }
        guard now.timeIntervalSince(record.createdAt) < Self.flowStateLifetime else {
            throw .api(status: 422, code: "flow_state_expired", message: "invalid flow state, flow state has expired")
        }
        let expected = record.codeChallengeMethod == "plain" ? verifier : PKCE.challenge(for: verifier)
        guard let challenge = record.codeChallenge, expected.utf8.count == challenge.utf8.count, expected == challenge else {
            throw .api(status: 400, code: "bad_code_verifier", message: "code challenge does not match previously saved code verifier")
        }
        rows.deleteFlowState(record.id)
        guard rows.session(issued.sessionID) != nil else { throw .sessionNotFound }
        return Issued(user: user, sessionID: issued.sessionID, refreshToken: issued.refreshToken,
                      amrMethod: issued.amrMethod, amrTimestamp: issued.amrTimestamp)
    }
}
