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
        state.authorizations.values.filter { $0.subject == subject }.sorted { ($0.authorizedAt, $0.clientID) < ($1.authorizedAt, $1.clientID) }
    }

    /// The person stops using Sign in with Apple with an app, as in Settings: the next sheet for
    /// that app is a first authorization again.
    /// - Parameters:
    ///   - subject: The user identifier.
    ///   - clientID: The app.
    /// - Returns: Whether there was an active authorization to revoke.
    package func revokeAuthorization(subject: String, clientID: String) -> Bool {
        guard activeAuthorization(clientID: clientID, subject: subject) != nil else { return false }
        revoke(clientID: clientID, subject: subject, tokenKind: "user", at: clock.now())
        return true
    }
}
