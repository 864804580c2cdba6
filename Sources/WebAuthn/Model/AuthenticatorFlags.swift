/// The flags byte of authenticator data (WebAuthn Level 3 section 6.1).
public struct AuthenticatorFlags: OptionSet, Sendable, Hashable {
    /// The byte.
    public let rawValue: UInt8

    /// Wraps the byte.
    /// - Parameter rawValue: The byte.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// UP, bit 0: the user was present.
    public static let userPresent = AuthenticatorFlags(rawValue: 0x01)
    /// UV, bit 2: the user was verified.
    public static let userVerified = AuthenticatorFlags(rawValue: 0x04)
    /// BE, bit 3: the credential may be backed up.
    public static let backupEligible = AuthenticatorFlags(rawValue: 0x08)
    /// BS, bit 4: the credential is backed up.
    public static let backedUp = AuthenticatorFlags(rawValue: 0x10)
    /// AT, bit 6: attested credential data follows.
    public static let attestedCredentialData = AuthenticatorFlags(rawValue: 0x40)
    /// ED, bit 7: extension data follows.
    public static let extensionData = AuthenticatorFlags(rawValue: 0x80)
}
