/// A first factor succeeded and the account has a verified second factor: the sign-in waits for
/// a code. What ``LoginOutcome/secondFactorRequired(_:)`` holds and
/// ``LoginUseCase/verifySecondFactor(code:factorID:for:)`` continues.
///
/// On Supabase the first factor already gave an `aal1` session whose next level is `aal2`
/// (supabase-swift `AuthMFA.getAuthenticatorAssuranceLevel`: the next level is `aal2` when the
/// user has a verified factor); on Firebase it is the `mfaPendingCredential` and `mfaInfo` of the
/// sign-in answer, with no tokens (firebase-ios-sdk `MultiFactorResolver`). ``proof`` carries
/// either, so the screen sees one shape.
public struct PendingSecondFactor: Hashable, Sendable {
    /// What the first factor left to continue from.
    public enum Proof: Hashable, Sendable {
        /// Supabase: the first factor's `aal1` session (kept as the signed-in session meanwhile).
        case session(AuthenticationResult)
        /// Firebase: the sign-in's `mfaPendingCredential` (no session is kept meanwhile) and the
        /// user it answered for; `mfaSignIn:finalize` takes it with a code.
        case pendingCredential(Secret, user: AuthUser)
    }

    /// The user's verified factors, oldest first (the screen may let the user pick one).
    public let factors: [SecondFactor]
    /// The provider of the first factor.
    public let provider: ProviderID
    /// The user the first factor signed in.
    public var user: AuthUser {
        switch proof {
        case .session(let result): result.user
        case .pendingCredential(_, let user): user
        }
    }
    /// What the first factor left.
    public let proof: Proof

    /// Creates the pending step.
    /// - Parameters:
    ///   - factors: The user's verified factors (at least one).
    ///   - provider: The first factor's provider.
    ///   - proof: What the first factor left.
    public init(factors: [SecondFactor], provider: ProviderID, proof: Proof) {
        self.factors = factors
        self.provider = provider
        self.proof = proof
    }
}
