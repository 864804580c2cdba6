import Foundation

extension SimulationState {
    /// Writes everything a `state.json` (format 1) held into a storage step's rows: Supabase's
    /// users with their identities and codes, sessions with their refresh-token chains and flow
    /// states; each Firebase project's accounts, federated ids, refresh tokens, codes, pending
    /// credentials, spent tokens and counters; Apple's and Google's accounts; the mailbox. The
    /// file's indexes are not copied: the rows' own indexes follow from the users.
    /// - Parameters:
    ///   - rows: The step's rows (empty: this adds, it does not replace).
    ///   - defaultFirebaseProject: The project that takes the single store of a file written
    ///     before Firebase state was kept per project.
    package func importRows(into rows: any SimulationRows, defaultFirebaseProject: String) {
        importSupabase(into: rows.supabase)
        var projects = firebase.projects
        if projects[defaultFirebaseProject] == nil, let unassigned = firebase.unassigned { projects[defaultFirebaseProject] = unassigned }
        for (id, project) in projects.sorted(by: { $0.key < $1.key }) { project.importRows(into: rows.firebase(project: id)) }
        apple.importRows(into: rows.appleID)
        for account in googleAccounts.values.sorted(by: { $0.email < $1.email }) { rows.google.insert(account) }
        for (recipient, messages) in mailbox.sorted(by: { $0.key < $1.key }) {
            for message in messages { rows.mailbox.deliver(message, to: recipient, keepingAtMost: .max) }
        }
    }

    private func importSupabase(into rows: any SupabaseRows) {
        let state = supabase
        for user in state.users.values.sorted(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }) { rows.save(user) }
        for session in state.sessions.values.sorted(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) })
        where state.users[session.userID] != nil {
            rows.insert(
                SupabaseSessionRecord(
                    id: session.id, userID: session.userID, createdAt: session.createdAt, amrMethod: session.amrMethod,
                    amrTimestamp: session.amrTimestamp, activeRefreshToken: session.activeRefreshToken))
            // The active token last, so that it stays the session's newest.
            let chain = session.refreshTokens.filter { $0 != session.activeRefreshToken } + [session.activeRefreshToken]
            for token in chain {
                guard let record = state.refreshTokens[token], record.sessionID == session.id else { continue }
                rows.insertRefreshToken(token, record)
            }
        }
        for flowState in state.flowStates.values.sorted(by: { $0.id < $1.id }) { rows.save(flowState) }
        if state.lastStamp > rows.lastStamp { rows.lastStamp = state.lastStamp }
    }
}

extension FirebaseState {
    /// Writes one project's state into its rows.
    /// - Parameter rows: The project's rows.
    func importRows(into rows: any FirebaseRows) {
        for user in users.values.sorted(by: { $0.localId < $1.localId }) { rows.save(user) }
        for (key, localId) in federatedIndex.sorted(by: { $0.key < $1.key }) {
            guard let separator = key.firstIndex(of: "|") else { continue }
            rows.setFederatedUser(
                providerId: String(key[..<separator]), rawId: String(key[key.index(after: separator)...]), localId: localId)
        }
        // Each user's tokens in their order, then those of deleted users (which still answer USER_NOT_FOUND).
        var imported = Set<String>()
        for localId in refreshTokensByUser.keys.sorted() {
            for token in refreshTokensByUser[localId] ?? [] {
                guard let record = refreshTokens[token], imported.insert(token).inserted else { continue }
                rows.insertRefreshToken(token, record)
            }
        }
        for (token, record) in refreshTokens.sorted(by: { ($0.value.issuedAt, $0.key) < ($1.value.issuedAt, $1.key) })
        where !imported.contains(token) {
            rows.insertRefreshToken(token, record)
        }
        for (code, record) in oobCodes.sorted(by: { $0.key < $1.key }) { rows.insertOobCode(code, record) }
        for (email, date) in lastEmailSent.sorted(by: { $0.key < $1.key }) { rows.setLastEmailSent(to: email, at: date) }
        for (token, credential) in pending.sorted(by: { $0.key < $1.key }) { rows.insertPendingCredential(token, credential) }
        for (hash, expiresAt) in spentAppleTokens.sorted(by: { $0.key < $1.key }) { rows.insertSpentAppleToken(hash, expiresAt: expiresAt) }
        for (key, window) in rateWindows.windows.sorted(by: { $0.key < $1.key }) { rows.setRateWindow(key, window) }
    }
}

extension AppleIDState {
    /// Writes the simulated Apple ID's state into its rows.
    /// - Parameter rows: The rows.
    func importRows(into rows: any AppleIDRows) {
        for account in accounts.values.sorted(by: { $0.appleID < $1.appleID }) { rows.insert(account) }
        for authorization in authorizations.values.sorted(by: { ($0.clientID, $0.subject) < ($1.clientID, $1.subject) }) {
            rows.save(authorization)
        }
        for (code, record) in codes.sorted(by: { $0.key < $1.key }) { rows.save(code: code, record) }
        for (token, record) in tokens.sorted(by: { $0.key < $1.key }) { rows.insert(token: token, record) }
        for revocation in revocations { rows.append(revocation) }
    }
}
