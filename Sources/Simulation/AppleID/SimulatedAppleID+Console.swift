import Foundation

/// What the emulator's console shows and does with Apple's side of a user: the apps the Apple ID
/// authorized (Settings › Apple ID › Sign in with Apple › "Apps using Apple ID"), stopping one,
/// and forgetting everything.
extension SimulatedAppleID {
    /// The apps a user (by their team-scoped subject) authorized, revoked ones included, oldest
    /// first.
    /// - Parameter subject: The user identifier Apple gives the team (`sub`).
    /// - Returns: The authorizations.
    package func authorizations(subject: String) -> [AppleIDState.Authorization] {
        (try? storage.fetch { (rows: any SimulationRows) in rows.appleID.authorizations(subject: subject) }) ?? []
    }

    /// The person stops using Sign in with Apple with an app, as in Settings: the next sheet for
    /// that app is a first authorization again.
    /// - Parameters:
    ///   - subject: The user identifier.
    ///   - clientID: The app.
    /// - Returns: Whether there was an active authorization to revoke.
    package func revokeAuthorization(subject: String, clientID: String) -> Bool {
        let now = clock.now()
        return
            (try? storage.update { (rows: any SimulationRows) -> Bool in
                guard Self.activeAuthorization(clientID: clientID, subject: subject, in: rows.appleID) != nil else { return false }
                Self.revoke(clientID: clientID, subject: subject, tokenKind: "user", at: now, in: rows.appleID)
                return true
            }) ?? false
    }
}
