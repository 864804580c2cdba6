import AuthDomain

/// The sign-in's second step over a ``SecondFactorBackend``: a first factor's session below
/// `aal2` of a user with a verified factor needs a code (supabase-swift
/// `AuthMFA.getAuthenticatorAssuranceLevel`: the next level is `aal2` when a factor is verified;
/// GoTrue internal/models/sessions.go `CalculateAALAndAMR` gives `aal1` until a TOTP claim).
/// On Supabase the first factor's session stays the kept one until the code raises it; the raised
/// session replaces it in the ``SessionManager`` (announced as `tokenRefreshed`). On Firebase the
/// first factor left only a pending credential: the code finishes the sign-in and its session is
/// kept and announced as `signedIn`.
///
/// ```swift
/// let login = LoginUseCase(coordinator: coordinator, router: router, requiresTermsAcceptance: false,
///                          secondFactor: BackendSecondFactorStepUp(factors: supabase, sessions: coordinator.sessions))
/// ```
public struct BackendSecondFactorStepUp: SecondFactorStepUp {
    private let factors: any SecondFactorBackend
    private let sessions: SessionManager

    /// Creates the step.
    /// - Parameters:
    ///   - factors: The backend's second factors.
    ///   - sessions: Keeps the session the code raises.
    public init(factors: any SecondFactorBackend, sessions: SessionManager) {
        self.factors = factors
        self.sessions = sessions
    }

    /// Lists the user's factors when the result's session is below `aal2`.
    /// - Parameter result: A first factor's result.
    /// - Returns: The pending step when a factor is verified, else `nil`.
    /// - Throws: ``AuthError`` from the backend's factor list.
    public func pendingSecondFactor(after result: AuthenticationResult) async throws(AuthError) -> PendingSecondFactor? {
        guard !result.session.isAAL2 else { return nil }
        let verified = try await factors.secondFactors(session: result.session).filter(\.isVerified)
        guard !verified.isEmpty else { return nil }
        return PendingSecondFactor(factors: verified, provider: result.credential.provider, proof: .session(result))
    }

    /// Verifies the code against the kept first-factor session and keeps the raised one.
    /// - Parameters:
    ///   - code: What the user typed.
    ///   - factorID: One of `pending.factors`.
    ///   - pending: The pending step.
    /// - Returns: The result with the `aal2` session.
    /// - Throws: ``AuthError``: `invalidInput` for a factor not in the step; `notSignedIn` when
    ///   the kept session is another user's or gone (Supabase); the backend's refusal of the code.
    public func verify(code: Secret, factorID: String, for pending: PendingSecondFactor) async throws(AuthError) -> AuthenticationResult {
        guard pending.factors.contains(where: { $0.id == factorID }) else {
            throw .invalidInput("the factor is not one of this sign-in's")
        }
        switch pending.proof {
        case .session(let first):
            guard var stored = await sessions.stored, stored.user.id == first.user.id else { throw .notSignedIn }
            let current = try await sessions.validSession()
            let raised = try await factors.verifySecondFactor(factorID, code: code, session: current)
            stored.session = raised
            try await sessions.adopt(stored, announcing: .tokenRefreshed(raised))
            var result = first
            result.session = raised
            result.isNewUser = false
            return result
        case .pendingCredential:
            let signIn = try await factors.completeSecondFactorSignIn(factorID, code: code, pending: pending)
            let stored = StoredSession(session: signIn.session, user: signIn.user, provider: pending.provider)
            try await sessions.adopt(stored, announcing: .signedIn(stored))
            return AuthenticationResult(
                user: signIn.user, credential: AuthCredential(provider: pending.provider),
                session: signIn.session, isNewUser: false)
        }
    }
}
