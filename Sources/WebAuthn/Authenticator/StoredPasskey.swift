/// One credential a software authenticator holds: its P-256 private key, scope and counter.
public struct StoredPasskey: Sendable, Hashable, CustomStringConvertible {
    /// The credential ID (random, 32 bytes by default).
    public var credentialID: [UInt8]
    /// The RP ID the credential is scoped to.
    public var rpID: String
    /// The user handle the relying party gave at registration.
    public var userHandle: [UInt8]
    /// The P-256 private key's raw scalar (32 bytes). Secret: never printed.
    public var privateKey: [UInt8]
    /// The signature counter's last value.
    public var signCount: UInt32

    /// Makes a record.
    /// - Parameters:
    ///   - credentialID: The credential ID.
    ///   - rpID: The RP ID.
    ///   - userHandle: The user handle.
    ///   - privateKey: The P-256 raw scalar.
    ///   - signCount: The counter.
    public init(credentialID: [UInt8], rpID: String, userHandle: [UInt8], privateKey: [UInt8], signCount: UInt32) {
        self.credentialID = credentialID
        self.rpID = rpID
        self.userHandle = userHandle
        self.privateKey = privateKey
        self.signCount = signCount
    }

    /// The scope and counter, with the private key redacted.
    public var description: String {
        "StoredPasskey(rpID: \(rpID), credentialID: \(credentialID.count) bytes, signCount: \(signCount), privateKey: <REDACTED>)"
    }
}
