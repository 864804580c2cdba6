import AuthData
import AuthJWT
import Foundation

/// The credential a `signInWithIdp` request brings, as resolved before its storage step: a
/// `pendingToken` to take, or a verified ID token (an Apple one spent once, until it expires).
enum FirebaseIdpCredential: Sendable {
    case pending(String)
    case verified(FirebaseIdentity, idToken: String, spendsAppleToken: Int64?)

    /// Takes the pending credential or spends the Apple token, in the request's step.
    /// - Parameters:
    ///   - store: The step's rules.
    ///   - now: The time.
    ///   - nowSeconds: The time, in seconds.
    /// - Returns: The identity and the provider's ID token.
    /// - Throws: `INVALID_PENDING_TOKEN`, `DUPLICATE_CREDENTIAL`.
    func spend(in store: FirebaseStore, now: Date, nowSeconds: Int64) throws(FirebaseFailure) -> (FirebaseIdentity, String) {
        switch self {
        case .pending(let token):
            let pending = try store.takePending(token, now: now)
            return (pending.identity, pending.oauthIdToken)
        case .verified(let identity, let idToken, let expiresAt):
            if let expiresAt { try store.spendAppleToken(SHA256Hex.hash(idToken), expiresAt: expiresAt, now: nowSeconds) }
            return (identity, idToken)
        }
    }
}
