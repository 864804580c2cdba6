import Foundation

/// Registers, signs in with, lists, renames and deletes passkeys, over any ``PasskeyBackend``
/// and ``PasskeyAuthenticating``.
///
/// ```swift
/// let passkeys = PasskeyUseCase(backend: backend, authenticator: authenticator)
/// let key = try await passkeys.register(for: user, session: session, name: "Laptop")
/// let result = try await passkeys.signIn()
/// ```
public struct PasskeyUseCase: Sendable {
    /// The longest name a passkey may have, in UTF-8 bytes; an empty one is refused too
    /// (GoTrue internal/api/passkey_manage.go, `PasskeyUpdate`).
    public static let maximumNameBytes = 120

    private let backend: any PasskeyBackend
    private let authenticator: any PasskeyAuthenticating

    /// Creates the use case.
    /// - Parameters:
    ///   - backend: The service's passkey routes.
    ///   - authenticator: What creates passkeys and signs with them.
    public init(backend: any PasskeyBackend, authenticator: any PasskeyAuthenticating) {
        self.backend = backend
        self.authenticator = authenticator
    }

    /// Registers a new passkey for the signed-in user.
    /// - Parameters:
    ///   - user: The signed-in user; an anonymous user is refused before anything is sent.
    ///   - session: The user's session.
    ///   - name: A name for the passkey, when the service takes one at registration.
    /// - Returns: The registered passkey.
    /// - Throws: ``AuthError``: `invalidInput` for an anonymous user or a bad name, `notSignedIn`
    ///   when the session is another user's, the authenticator's or the service's refusal.
    public func register(for user: AuthUser, session: AuthSession, name: String?) async throws(AuthError) -> Passkey {
        guard !user.isAnonymous else { throw .invalidInput("an anonymous user cannot register a passkey") }
        guard session.userID == user.id else { throw .notSignedIn }
        if let name { try Self.validate(name: name) }
        let ceremony = try await backend.beginPasskeyRegistration(session: session)
        let attestation = try await authenticator.createPasskey(ceremony.options)
        return try await backend.finishPasskeyRegistration(
            attestation, challengeID: ceremony.challengeID, name: name, session: session)
    }

    /// Signs in with a passkey the authenticator chooses (no username).
    /// - Returns: The signed-in user and session.
    /// - Throws: ``AuthError``: `cancelled` when the user dismissed the authenticator, or the
    ///   service's refusal.
    public func signIn() async throws(AuthError) -> AuthenticationResult {
        let ceremony = try await backend.beginPasskeySignIn()
        let assertion = try await authenticator.assertPasskey(ceremony.options)
        return try await backend.finishPasskeySignIn(assertion, challengeID: ceremony.challengeID)
    }

    /// Lists the user's passkeys.
    /// - Parameter session: The user's session.
    /// - Returns: The passkeys.
    /// - Throws: ``AuthError``, the service's refusal.
    public func list(session: AuthSession) async throws(AuthError) -> [Passkey] {
        try await backend.passkeys(session: session)
    }

    /// Renames one of the user's passkeys.
    /// - Parameters:
    ///   - id: The passkey's ID.
    ///   - name: The new name: 1 to ``maximumNameBytes`` UTF-8 bytes.
    ///   - session: The user's session.
    /// - Returns: The renamed passkey.
    /// - Throws: ``AuthError``: `invalidInput` for a bad name, or the service's refusal.
    public func rename(id: String, to name: String, session: AuthSession) async throws(AuthError) -> Passkey {
        try Self.validate(name: name)
        return try await backend.renamePasskey(id: id, to: name, session: session)
    }

    /// Deletes one of the user's passkeys.
    /// - Parameters:
    ///   - id: The passkey's ID.
    ///   - session: The user's session.
    /// - Throws: ``AuthError``, the service's refusal.
    public func delete(id: String, session: AuthSession) async throws(AuthError) {
        try await backend.deletePasskey(id: id, session: session)
    }

    private static func validate(name: String) throws(AuthError) {
        guard !name.isEmpty else { throw .invalidInput("a passkey name cannot be empty") }
        guard name.utf8.count <= maximumNameBytes else {
            throw .invalidInput("a passkey name is at most \(maximumNameBytes) UTF-8 bytes")
        }
    }
}
