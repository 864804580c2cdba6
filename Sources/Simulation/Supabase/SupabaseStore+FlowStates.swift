import AuthData
import Foundation

/// The PKCE flow states (GoTrue `models/flow_state.go`, `api/token.go` `PKCE`).
extension SupabaseStore {
    /// `GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION`: 300 s, and never less (configuration.go).
    static let flowStateLifetime: TimeInterval = 300
    /// Rows older than this are deleted (GoTrue `models/cleanup.go`: 24 hours); an emailed
    /// link's flow state must outlive its 300 s, since its code's time runs from the click.
    static let flowStateCleanupAge: TimeInterval = 24 * 3600

    /// Keeps a new flow state, dropping old ones.
    /// - Parameters:
    ///   - record: The row.
    ///   - now: The time.
    package func insertFlowState(_ record: SupabaseFlowStateRecord, now: Date) {
        rows.deleteFlowStates(createdAtOrBefore: now.addingTimeInterval(-Self.flowStateCleanupAge))
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
        guard let uuid = UUID(uuidString: id) else {
            throw .api(status: 400, code: "bad_oauth_state", message: "OAuth state parameter is invalid")
        }
        guard let record = rows.flowState(uuid.uuidString.lowercased()) else {
            throw .api(status: 400, code: "bad_oauth_state", message: "OAuth state not found or expired")
        }
        guard now.timeIntervalSince(record.createdAt) < Self.flowStateLifetime else {
            throw .api(status: 400, code: "bad_oauth_state", message: "OAuth state has expired")
        }
        guard record.userID == nil else { throw .api(status: 400, code: "flow_state_already_used", message: "State has already been used") }
        return record
    }

    /// Records the user `/callback` signed in, the provider's tokens and the code that hands
    /// them over (GoTrue `api/external.go`: the PKCE flow makes no session here).
    /// - Parameters:
    ///   - id: The flow state.
    ///   - userID: The user.
    ///   - tokens: The provider's tokens.
    ///   - authCode: The code for `redirect_to`.
    ///   - now: The time.
    package func completeFlowState(_ id: String, userID: String, tokens: ProviderTokens?, authCode: String, now: Date) {
        guard var record = rows.flowState(id) else { return }
        record.userID = userID
        record.providerAccessToken = tokens?.accessToken
        record.providerRefreshToken = tokens?.refreshToken
        record.authCode = authCode
        record.authCodeIssuedAt = now
        rows.save(record)
    }

    /// Forgets a flow state (the implicit flow, or a callback that failed).
    package func removeFlowState(_ id: String) { rows.deleteFlowState(id) }

    /// `grant_type=pkce`: the session for an auth code and its verifier, made now; single use.
    /// - Parameters:
    ///   - authCode: The code `redirect_to` got.
    ///   - verifier: The PKCE code verifier.
    ///   - now: The time.
    /// - Returns: The session, and the provider's tokens the flow state kept.
    /// - Throws: 404 `flow_state_not_found`, 422 `flow_state_expired` (300 s from the start, or
    ///   for a magic link from the click), 400 `bad_code_verifier` (the row is kept, so the
    ///   client may retry).
    package func exchangeFlowState(authCode: String, verifier: String, now: Date) throws(SupabaseFailure) -> (Issued, ProviderTokens?) {
        guard let record = rows.flowState(authCode: authCode), let userID = record.userID, rows.user(userID) != nil
        else { throw .api(status: 404, code: "flow_state_not_found", message: "invalid flow state, no valid flow state found") }
        let method = record.authenticationMethod
        let start = method == "magiclink" ? record.authCodeIssuedAt ?? record.createdAt : record.createdAt
        guard now.timeIntervalSince(start) < Self.flowStateLifetime else {
            throw .api(status: 422, code: "flow_state_expired", message: "invalid flow state, flow state has expired")
        }
        let expected = record.codeChallengeMethod == "plain" ? verifier : PKCE.challenge(for: verifier)
        guard let challenge = record.codeChallenge, expected.utf8.count == challenge.utf8.count, expected == challenge else {
            throw .api(status: 400, code: "bad_code_verifier", message: "code challenge does not match previously saved code verifier")
        }
        rows.deleteFlowState(record.id)
        let tokens = record.providerAccessToken.map { ProviderTokens(accessToken: $0, refreshToken: record.providerRefreshToken) }
        return (try issueSession(for: userID, amr: method, now: now), tokens)
    }
}
