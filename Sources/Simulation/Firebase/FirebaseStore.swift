import AuthData
import AuthJWT
import Foundation

/// The Firebase-like engine's state and the rules that change it, one atomic step per request.
package actor FirebaseStore {
    /// How an IdP sign-in ended.
    package enum IdpOutcome: Sendable {
        case signedIn(FirebaseUserRecord, isNewUser: Bool)
        case needConfirmation(existing: FirebaseUserRecord)
    }

    var state: FirebaseState
    let configuration: FirebaseEngineConfiguration

    package init(state: FirebaseState, configuration: FirebaseEngineConfiguration) {
        self.state = state
        self.configuration = configuration
    }

    package var snapshot: FirebaseState { state }

    // MARK: - Helpers

    func insert(_ user: FirebaseUserRecord) {
        state.users[user.localId] = user
        if let email = user.email { state.emailIndex[email] = user.localId }
    }

    static func providerRecord(_ identity: FirebaseIdentity) -> FirebaseProviderRecord {
        FirebaseProviderRecord(providerId: identity.providerId, rawId: identity.rawId, email: identity.email,
                               displayName: identity.displayName, photoUrl: identity.photoUrl)
    }

    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
