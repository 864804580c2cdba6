import AuthDomain

/// What the simulated Google's account chooser answers, the one API ``SimulatedGoogleAuthorizer``
/// is written over. Two faces: ``InProcessGoogleAPI`` (the simulated Google in this process) and
/// ``HTTPGoogleAPI`` (a running emulator's `/google` routes).
public protocol SimulatedGoogleAPI: Sendable {
    /// Runs the account chooser.
    /// - Parameter request: What the person does, for which client, with which nonce.
    /// - Returns: The credential.
    /// - Throws: ``AuthError``: `cancelled`, `invalidInput`, `authorizationFailed`.
    func signIn(_ request: GoogleSignInSheetRequest) async throws(AuthError) -> GoogleSignInCredential
}
