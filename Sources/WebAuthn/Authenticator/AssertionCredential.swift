/// What a client returns from `navigator.credentials.get()` (WebAuthn Level 3 section 5.2.2).
public struct AssertionCredential: Sendable, Hashable {
    /// The credential used.
    public var credentialID: [UInt8]
    /// The client data the signature covers.
    public var clientDataJSON: [UInt8]
    /// The authenticator data the signature covers.
    public var authenticatorData: [UInt8]
    /// The signature over `authenticatorData || SHA-256(clientDataJSON)`.
    public var signature: [UInt8]
    /// The user handle stored with a discoverable credential.
    public var userHandle: [UInt8]

    /// Makes a response.
    /// - Parameters:
    ///   - credentialID: The credential ID (`rawId`).
    ///   - clientDataJSON: The client data.
    ///   - authenticatorData: The authenticator data.
    ///   - signature: The signature.
    ///   - userHandle: The user handle.
    public init(credentialID: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], userHandle: [UInt8]) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}
