/// Where a ``SoftwareAuthenticator`` keeps its credentials: in memory for tests
/// (``InMemoryPasskeyKeyStore``), in a file with mode 0600 for the command-line tool.
public protocol PasskeyKeyStore: Sendable {
    /// Adds a credential.
    /// - Parameter passkey: The credential.
    /// - Throws: When it cannot be stored.
    func save(_ passkey: StoredPasskey) async throws

    /// The credentials scoped to an RP ID, oldest first.
    /// - Parameter rpID: The RP ID.
    /// - Returns: The credentials.
    /// - Throws: When the store cannot be read.
    func passkeys(rpID: String) async throws -> [StoredPasskey]

    /// Increments a credential's counter atomically and returns the new value.
    /// - Parameter credentialID: The credential.
    /// - Returns: The new counter, or `nil` when the store has no such credential.
    /// - Throws: When the store cannot be written.
    func incrementSignCount(credentialID: [UInt8]) async throws -> UInt32?

    /// Removes a credential.
    /// - Parameter credentialID: The credential.
    /// - Throws: When the store cannot be written.
    func delete(credentialID: [UInt8]) async throws
}
