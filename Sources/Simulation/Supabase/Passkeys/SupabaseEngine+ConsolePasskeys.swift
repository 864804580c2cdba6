import AuthData
import Foundation

/// The console's window on a user's passkeys: the stored rows (`webauthn_credentials`), with the
/// sign count and last use that GoTrue's list route does not answer. Removing one goes through
/// the admin route, ``adminDeletePasskey(bearer:userID:passkeyID:)``.
extension SupabaseEngine {
    /// A user's passkeys, oldest first.
    /// - Parameter userID: The user.
    /// - Returns: The rows (none for an unknown user).
    /// - Throws: ``SupabaseFailure/databaseError``.
    package func consolePasskeys(of userID: String) throws(SupabaseFailure) -> [PasskeyRecord] {
        try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.rows.passkeys.passkeys(userID: userID) }
    }
}
