import AuthDomain
import Foundation
import Logging

/// A session store in the Keychain: one generic-password item holding the same versioned
/// envelope as ``FileSessionStore``.
///
/// By default the item is readable after the device's first unlock and never leaves the device
/// (``KeychainAccessibility/afterFirstUnlockThisDeviceOnly``), so an auto-refresh can run in the
/// background with the screen locked. An access group shares the session with the app's
/// extensions. An item that cannot be decoded is logged and reads as signed out (it is left in
/// place and replaced by the next sign-in); a locked Keychain is a ``AuthError/storage(_:)``
/// error, never "signed out", so no session is lost to a locked screen.
///
/// ```swift
/// let store = KeychainSessionStore(service: "com.example.app", accessGroup: "TEAMID.com.example.shared", logger: logger)
/// ```
///
/// ``withExclusiveAccess(_:)`` serialises refreshes within this process, across every store
/// value over the same item (service, account, access group): two stores made for one item, in
/// the app and in a framework it loads, wait for each other. The Keychain has no lock an app
/// extension could share, so an extension that refreshes on its own may race the app (the
/// session manager re-reads the item before each refresh, which narrows that window).
public struct KeychainSessionStore: SessionStore {
    private let item: any KeychainItemAccessing
    private let logger: Logger
    private let mutex: AsyncMutex
    private static let mutexes = Locked<[String: AsyncMutex]>([:])

    /// Creates a store over any item (the `SecItem` adapter on Apple platforms, an in-memory item
    /// in tests).
    /// - Parameters:
    ///   - item: The Keychain item.
    ///   - logger: Receives the warning about an undecodable item.
    package init(item: any KeychainItemAccessing, logger: Logger) {
        self.item = item
        self.logger = logger
        self.mutex = Self.mutexes.withLock { mutexes in
            if let shared = mutexes[item.identity] { return shared }
            let made = AsyncMutex()
            mutexes[item.identity] = made
            return made
        }
    }

    /// Reads the session.
    /// - Returns: The session, or `nil` when there is none or the item cannot be decoded.
    /// - Throws: ``AuthError/storage(_:)`` when the Keychain is locked or fails.
    public func load() async throws(AuthError) -> StoredSession? {
        let (status, data) = item.read()
        switch status {
        case KeychainStatus.itemNotFound:
            return nil
        case KeychainStatus.success:
            guard let data else {
                logger.warning("Keychain session item has no data; treating as signed out")
                return nil
            }
            switch StoredSessionCoding.decode(data) {
            case .success(let stored):
                return stored
            case .failure(let reason):
                logger.warning("Keychain session item is unreadable (\(reason)); treating as signed out")
                return nil
            }
        case KeychainStatus.interactionNotAllowed:
            throw .storage("the Keychain is locked until the device is unlocked (OSStatus \(status))")
        default:
            throw .storage("Keychain read failed (OSStatus \(status))")
        }
    }

    /// Writes the session: updates the item, or adds it when there is none (and updates after
    /// all when another writer added it first).
    /// - Parameter session: The session to keep.
    /// - Throws: ``AuthError/storage(_:)``.
    public func save(_ session: StoredSession) async throws(AuthError) {
        let data: Data
        do { data = try StoredSessionCoding.encode(session) } catch { throw .storage("\(error)") }
        var status = item.update(data)
        if status == KeychainStatus.itemNotFound {
            status = item.add(data)
            if status == KeychainStatus.duplicateItem { status = item.update(data) }
        }
        guard status == KeychainStatus.success else { throw .storage(Self.failure("write", status)) }
    }

    /// Removes the session; a missing item is fine.
    /// - Throws: ``AuthError/storage(_:)``.
    public func delete() async throws(AuthError) {
        let status = item.delete()
        guard status == KeychainStatus.success || status == KeychainStatus.itemNotFound else {
            throw .storage(Self.failure("delete", status))
        }
    }

    /// Runs `body` exclusively within this process.
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T) async throws(AuthError) -> T {
        try await mutex.run(body)
    }

    private static func failure(_ operation: String, _ status: Int32) -> String {
        status == KeychainStatus.interactionNotAllowed
            ? "the Keychain is locked until the device is unlocked (OSStatus \(status))"
            : "Keychain \(operation) failed (OSStatus \(status))"
    }
}
