import AuthSimulation

/// What the simulated services have stored, read back for assertions.
extension SimulatedServices {
    /// Every Supabase user, by id.
    package var storedSupabaseUsers: [String: SupabaseUserRecord] {
        let users = (try? storage.fetch { (rows: any SimulationRows) in rows.supabase.users(offset: 0, limit: .max) }) ?? []
        return Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0) })
    }

    /// A Supabase user's sessions, oldest first.
    /// - Parameter userID: The user.
    /// - Returns: The sessions.
    package func storedSupabaseSessions(of userID: String) -> [SupabaseSessionRecord] {
        (try? storage.fetch { (rows: any SimulationRows) in rows.supabase.sessionIDs(userID: userID).compactMap(rows.supabase.session) })
            ?? []
    }

    /// The refresh tokens of a Supabase user's sessions, each session's oldest first.
    /// - Parameter userID: The user.
    /// - Returns: The tokens.
    package func storedSupabaseRefreshTokens(of userID: String) -> [String] {
        (try? storage.fetch { (rows: any SimulationRows) in
            rows.supabase.sessionIDs(userID: userID).flatMap(rows.supabase.refreshTokens(sessionID:))
        }) ?? []
    }

    /// Every account of a Firebase project (the default one unless named), by `localId`.
    /// - Parameter project: The project id.
    /// - Returns: The accounts.
    package func storedFirebaseUsers(project: String? = nil) -> [String: FirebaseUserRecord] {
        let id = project ?? configuration.firebaseProjectID
        let users = (try? storage.fetch { (rows: any SimulationRows) in rows.firebase(project: id).users(after: nil, limit: .max) }) ?? []
        return Dictionary(uniqueKeysWithValues: users.map { ($0.localId, $0) })
    }
}
