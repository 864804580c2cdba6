/// The end of a password recovery: the proof from the recovery mail and the new password.
public struct PasswordReset: Hashable, Sendable {
    /// The address the recovery mail went to.
    public var email: String
    /// The proof from the mail: the code the user typed, or the link the app was opened with.
    public var proof: EmailProof
    /// The new password; never printed or logged.
    public var newPassword: Secret

    /// Creates a reset.
    /// - Parameters:
    ///   - email: The address the mail went to.
    ///   - proof: The typed code or the opened link.
    ///   - newPassword: The new password.
    public init(email: String, proof: EmailProof, newPassword: Secret) {
        self.email = email
        self.proof = proof
        self.newPassword = newPassword
    }
}

/// What an emailed message proves: a code the user typed (apps without deep links) or the token
/// the message's link carries (Supabase `token_hash`, Firebase `oobCode`).
public enum EmailProof: Hashable, Sendable {
    /// The code from the mail, as typed.
    case code(Secret)
    /// The token of the mail's link.
    case linkToken(Secret)

    /// The secret either way.
    public var secret: Secret {
        switch self {
        case .code(let code): code
        case .linkToken(let token): token
        }
    }
}
