import Foundation

/// The four Keychain calls ``KeychainSessionStore`` makes on its one item, answering with
/// Security's `OSStatus` values.
///
/// On Apple platforms the store talks to `SecItem*` through a thin adapter; tests on every
/// platform give it an in-memory item that answers with the same status codes, so every
/// decision the store makes around them is compiled and tested on Linux too.
package protocol KeychainItemAccessing: Sendable {
    /// What names the item in this process (service, account and access group): stores over
    /// items with the same identity share one lock.
    var identity: String { get }

    /// `SecItemCopyMatching` for the item's data.
    /// - Returns: The status and, on success, the data.
    func read() -> (status: Int32, data: Data?)

    /// `SecItemUpdate` of the item's data (and its accessibility).
    /// - Parameter data: The new data.
    /// - Returns: The status.
    func update(_ data: Data) -> Int32

    /// `SecItemAdd` of the item with its data.
    /// - Parameter data: The data.
    /// - Returns: The status.
    func add(_ data: Data) -> Int32

    /// `SecItemDelete` of the item.
    /// - Returns: The status.
    func delete() -> Int32
}

/// The `OSStatus` values the store tells apart (Security's `SecBase.h`).
package enum KeychainStatus {
    /// `errSecSuccess`.
    package static let success: Int32 = 0
    /// `errSecDuplicateItem`: an add lost a race with another add (another process, or an app
    /// extension sharing the access group).
    package static let duplicateItem: Int32 = -25299
    /// `errSecItemNotFound`.
    package static let itemNotFound: Int32 = -25300
    /// `errSecInteractionNotAllowed`: the item's data is protected and the device is locked
    /// (before the first unlock, for the after-first-unlock classes).
    package static let interactionNotAllowed: Int32 = -25308
}

/// When the Keychain lets the app read the session (`kSecAttrAccessible…`).
public enum KeychainAccessibility: String, Sendable, CaseIterable {
    /// After the device's first unlock since boot, until it restarts; this device only (never in
    /// a backup restored elsewhere). The default: a refresh can run in the background while the
    /// screen is locked, and a session never moves to another device.
    case afterFirstUnlockThisDeviceOnly
    /// After the first unlock; may be restored from a backup onto another device.
    case afterFirstUnlock
    /// Only while the device is unlocked; this device only. Background refreshes with the screen
    /// locked fail (and keep the session) until the next unlock.
    case whenUnlockedThisDeviceOnly
    /// Only while the device is unlocked; may move with a backup.
    case whenUnlocked
}
