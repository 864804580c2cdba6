/// A ``PasskeyKeyStore`` in memory, for tests: the keys go with the process.
public actor InMemoryPasskeyKeyStore: PasskeyKeyStore {
    private var stored: [StoredPasskey] = []

    /// Makes an empty store.
    public init() {}

    /// Adds a credential, replacing one with the same ID.
    /// - Parameter passkey: The credential.
    public func save(_ passkey: StoredPasskey) {
        stored.removeAll { $0.credentialID == passkey.credentialID }
        stored.append(passkey)
    }

    /// The credentials scoped to an RP ID, oldest first.
    /// - Parameter rpID: The RP ID.
    /// - Returns: The credentials.
    public func passkeys(rpID: String) -> [StoredPasskey] {
        stored.filter { $0.rpID == rpID }
    }

    /// Increments a credential's counter (saturating at `UInt32.max`) and returns it.
    /// - Parameter credentialID: The credential.
    /// - Returns: The new counter, or `nil` for an unknown credential.
    public func incrementSignCount(credentialID: [UInt8]) -> UInt32? {
        guard let index = stored.firstIndex(where: { $0.credentialID == credentialID }) else { return nil }
        stored[index].signCount = stored[index].signCount == .max ? .max : stored[index].signCount + 1
        return stored[index].signCount
    }

    /// Removes a credential.
    /// - Parameter credentialID: The credential.
    public func delete(credentialID: [UInt8]) {
        stored.removeAll { $0.credentialID == credentialID }
    }
}
