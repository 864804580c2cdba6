import Foundation

/// What a relying party asks an authenticator to create a passkey with (WebAuthn Level 3
/// `PublicKeyCredentialCreationOptions`, the fields both GoTrue and Identity Toolkit v2 send).
public struct PasskeyCreationOptions: Hashable, Sendable {
    /// The challenge the attestation must sign over (single-use on the server).
    public var challenge: Data
    /// The relying party's ID (a domain), which the passkey is bound to.
    public var relyingPartyID: String
    /// The relying party's display name.
    public var relyingPartyName: String
    /// The user handle the authenticator stores with the passkey and returns at sign-in.
    public var userHandle: Data
    /// The user's name, shown by the authenticator.
    public var userName: String
    /// Credentials the user already has, which the authenticator must not register again.
    public var excludedCredentialIDs: [Data]

    /// Creates creation options.
    /// - Parameters:
    ///   - challenge: The challenge.
    ///   - relyingPartyID: The RP ID.
    ///   - relyingPartyName: The RP display name.
    ///   - userHandle: The user handle.
    ///   - userName: The user's name.
    ///   - excludedCredentialIDs: Credentials already registered.
    public init(
        challenge: Data, relyingPartyID: String, relyingPartyName: String, userHandle: Data,
        userName: String, excludedCredentialIDs: [Data]
    ) {
        self.challenge = challenge
        self.relyingPartyID = relyingPartyID
        self.relyingPartyName = relyingPartyName
        self.userHandle = userHandle
        self.userName = userName
        self.excludedCredentialIDs = excludedCredentialIDs
    }
}
