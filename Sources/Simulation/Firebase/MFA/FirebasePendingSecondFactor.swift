import Foundation

/// A first-factor sign-in waiting for its second factor (`mfaPendingCredential`): whose, how it
/// signed in, and until when `mfaSignIn:finalize` takes it. Kept in memory (it lives minutes).
struct FirebasePendingSecondFactor: Sendable {
    var localId: String
    var signInProvider: String
    var authTime: Int64
    var expiresAt: Date
}
