import Foundation

/// An issued WebAuthn challenge as GoTrue stores it: a row of `webauthn_challenges`
/// (internal/models/webauthn_challenge.go), consumed by the ceremony's verify call.
package struct WebAuthnChallengeRecord: Sendable, Hashable {
    /// GoTrue's `challenge_type` values.
    package enum Kind: String, Sendable, Hashable {
        /// `registration`: adding a passkey to a signed-in user.
        case registration
        /// `authentication`: a discoverable sign-in, bound to no user.
        case authentication
    }

    /// `id`: the `challenge_id` the client sends back (GoTrue); for Firebase, whose finalize
    /// calls carry no id, the challenge itself, base64url.
    package var id: String
    /// `user_id`: the registering user; `nil` for a discoverable sign-in.
    package var userID: String?
    /// `challenge_type`.
    package var kind: Kind
    /// The challenge bytes (`session_data.challenge`).
    package var challenge: [UInt8]
    /// `created_at`.
    package var createdAt: Date
    /// `expires_at`.
    package var expiresAt: Date

    /// Makes a row.
    package init(id: String, userID: String?, kind: Kind, challenge: [UInt8], createdAt: Date, expiresAt: Date) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.challenge = challenge
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
