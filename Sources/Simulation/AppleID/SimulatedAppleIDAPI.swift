import AuthDomain

/// What the simulated Apple ID's sheet answers, the one API ``SimulatedAppleIDAuthorizer`` is
/// written over. Two faces: ``InProcessAppleIDAPI`` (the simulated Apple ID in this process) and
/// ``HTTPAppleIDAPI`` (a running emulator's `/appleid` routes), as `SupabaseAuthAPI` serves
/// `SupabaseAuthBackend` in process and over HTTP.
public protocol SimulatedAppleIDAPI: Sendable {
    /// Whether the next sheet for this Apple ID and app is the app's first authorization.
    /// - Parameters:
    ///   - appleID: The Apple ID signed in on the device; `nil` for the default.
    ///   - clientID: The app.
    /// - Returns: `true` for a first authorization.
    /// - Throws: ``AuthError``.
    func isFirstAuthorization(appleID: String?, clientID: String) async throws(AuthError) -> Bool

    /// Runs the sheet.
    /// - Parameter request: What the person does, for which app, with which nonce.
    /// - Returns: The credential, with name and email as the provider hands them over.
    /// - Throws: ``AuthError``: `cancelled`, `notHandled`, `authorizationFailed`, `invalidInput`.
    func authorize(_ request: AppleSheetRequest) async throws(AuthError) -> AppleIDCredential

    /// Apple's credential state for a user and app.
    /// - Parameters:
    ///   - userID: The user identifier.
    ///   - clientID: The app.
    /// - Returns: The state.
    /// - Throws: ``AuthError``.
    func credentialState(userID: String, clientID: String) async throws(AuthError) -> AppleIDCredentialState
}
