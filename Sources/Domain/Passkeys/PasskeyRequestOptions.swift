import Foundation

/// What a relying party asks an authenticator to sign for a discoverable sign-in (WebAuthn
/// `PublicKeyCredentialRequestOptions` with no `allowCredentials`: no username is given).
public struct PasskeyRequestOptions: Hashable, Sendable {
    /// The challenge the assertion must sign over (single-use on the server).
    public var challenge: Data
    /// The relying party's ID whose passkeys may answer.
    public var relyingPartyID: String

    /// Creates request options.
    /// - Parameters:
    ///   - challenge: The challenge.
    ///   - relyingPartyID: The RP ID.
    public init(challenge: Data, relyingPartyID: String) {
        self.challenge = challenge
        self.relyingPartyID = relyingPartyID
    }
}
