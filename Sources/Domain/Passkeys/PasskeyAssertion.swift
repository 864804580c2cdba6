import Foundation

/// A passkey's signature over a sign-in challenge (an `AuthenticatorAssertionResponse`).
public struct PasskeyAssertion: Hashable, Sendable {
    /// The credential's ID.
    public var credentialID: Data
    /// The client data JSON the signature covers.
    public var clientDataJSON: Data
    /// The authenticator data (RP ID hash, flags, sign count).
    public var authenticatorData: Data
    /// The signature over `authenticatorData || SHA-256(clientDataJSON)`.
    public var signature: Data
    /// The user handle stored with the passkey, which tells the server whose it is.
    public var userHandle: Data?

    /// Creates an assertion.
    /// - Parameters:
    ///   - credentialID: The credential ID.
    ///   - clientDataJSON: The client data JSON.
    ///   - authenticatorData: The authenticator data.
    ///   - signature: The signature.
    ///   - userHandle: The user handle, when the authenticator returned one.
    public init(credentialID: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data, userHandle: Data?) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}
