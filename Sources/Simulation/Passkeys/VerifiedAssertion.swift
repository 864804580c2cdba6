import AuthWebAuthn

/// What a verified assertion tells the relying party.
public struct VerifiedAssertion: Sendable, Hashable {
    /// The counter to store.
    public var signCount: UInt32
    /// The flags (UV tells whether the user was verified).
    public var flags: AuthenticatorFlags
    /// The user handle the authenticator returned (discoverable sign-in finds the user by it).
    public var userHandle: [UInt8]
}
