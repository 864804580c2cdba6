import AuthData
import AuthJWT
import Foundation

/// The rules that change a Firebase project's rows. ``FirebaseEngine`` runs them as storage
/// steps, each committed before the answer.
package struct FirebaseStore {
    /// How an IdP sign-in ended.
    package enum IdpOutcome: Sendable {
        case signedIn(FirebaseUserRecord, isNewUser: Bool)
        case needConfirmation(existing: FirebaseUserRecord)
    }

    let rows: any FirebaseRows
    let configuration: FirebaseEngineConfiguration

    /// Rules over one step's rows of the project.
    /// - Parameters:
    ///   - rows: The project's rows in the step.
    ///   - configuration: The engine's configuration.
    package init(rows: any FirebaseRows, configuration: FirebaseEngineConfiguration) {
        self.rows = rows
        self.configuration = configuration
    }

    // MARK: - Helpers

    static func providerRecord(_ identity: FirebaseIdentity) -> FirebaseProviderRecord {
        FirebaseProviderRecord(
            providerId: identity.providerId, rawId: identity.rawId, email: identity.email,
            displayName: identity.displayName, photoUrl: identity.photoUrl)
    }

    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
