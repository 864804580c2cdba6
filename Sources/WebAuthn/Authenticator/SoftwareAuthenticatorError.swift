/// Why the software authenticator could not make a credential or an assertion.
public enum SoftwareAuthenticatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No stored credential is scoped to the RP ID (and allowed, when a list was given).
    case noCredential(rpID: String)
    /// A stored private key is not a P-256 scalar.
    case corruptKey
    /// The key store failed.
    case storage(String)

    /// What was wrong, for developers.
    public var description: String {
        switch self {
        case .noCredential(let rpID): "no passkey for \(rpID)"
        case .corruptKey: "a stored passkey's private key is unreadable"
        case .storage(let why): "passkey storage failed: \(why)"
        }
    }
}
