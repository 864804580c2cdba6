#if canImport(Security)
import AuthDomain
import Foundation
import Security

/// A session store in the Keychain (generic password item, accessible after first unlock).
///
/// Thin on purpose: it moves bytes in and out of the Keychain and nothing else, so all logic
/// lives in code compiled and tested on every platform. Not built on Linux.
public struct KeychainSessionStore: SessionStore {
    private let service: String
    private let account: String
    private let accessGroup: String?
    private let mutex = AsyncMutex()

    /// Creates a store.
    /// - Parameters:
    ///   - service: The item's service, usually the bundle identifier.
    ///   - account: The item's account, the storage key.
    ///   - accessGroup: A shared access group, for app extensions.
    public init(service: String, account: String = "auth.session", accessGroup: String? = nil) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
    }

    private var query: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    /// Reads the session; an unreadable item reads as `nil`.
    /// - Returns: The session, or `nil`.
    public func load() async throws -> StoredSession? {
        var lookup = query
        lookup[kSecReturnData as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(lookup as CFDictionary, &item)
        guard status != errSecItemNotFound else { return nil }
        guard status == errSecSuccess, let data = item as? Data else { throw AuthError.storage("Keychain read failed (\(status))") }
        return try? JSONDecoder().decode(StoredSession.self, from: data)
    }

    /// Writes the session.
    /// - Parameter session: The session to keep.
    /// - Throws: ``AuthError/storage(_:)``.
    public func save(_ session: StoredSession) async throws {
        let data = try JSONEncoder().encode(session)
        let update = [kSecValueData as String: data] as CFDictionary
        var status = SecItemUpdate(query as CFDictionary, update)
        if status == errSecItemNotFound {
            var add = query
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            status = SecItemAdd(add as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw AuthError.storage("Keychain write failed (\(status))") }
    }

    /// Removes the session; a missing item is fine.
    /// - Throws: ``AuthError/storage(_:)``.
    public func delete() async throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw AuthError.storage("Keychain delete failed (\(status))") }
    }

    /// Runs `body` exclusively within this process.
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await mutex.run(body)
    }
}
#endif
