import AuthData
import Foundation

/// The console's window on a Firebase user's passkeys: the stored rows, and removing one.
/// (Identity Toolkit's own way, `deletePasskey` in `accounts:update`, is not served yet.)
extension FirebaseEngine {
    /// A user's passkeys, oldest first.
    /// - Parameter localId: The uid.
    /// - Returns: The rows (none for an unknown user).
    /// - Throws: `INTERNAL_ERROR` when the storage fails.
    package func consolePasskeys(of localId: String) throws(FirebaseFailure) -> [PasskeyRecord] {
        try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.passkeys.passkeys(userID: localId) }
    }

    /// Removes one of a user's passkeys: a later sign-in with it answers `PASSKEY_ENROLLMENT_NOT_FOUND`.
    /// - Parameters:
    ///   - id: The passkey's id.
    ///   - localId: The uid.
    /// - Throws: `USER_NOT_FOUND`, or `PASSKEY_ENROLLMENT_NOT_FOUND` when the user has no such passkey.
    package func consoleDeletePasskey(_ id: String, of localId: String) throws(FirebaseFailure) {
        try mutateBlocking { (store: FirebaseStore) throws(FirebaseFailure) in
            guard store.user(localId) != nil else { throw .userNotFound }
            guard store.rows.passkeys.passkey(id: id, userID: localId) != nil else { throw .passkeyEnrollmentNotFound }
            store.rows.passkeys.deletePasskey(id: id)
        }
    }
}
