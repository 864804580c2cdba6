#if canImport(Security)
    import Foundation
    import Logging
    import Security

    extension KeychainSessionStore {
        /// Creates a store over the Keychain item `service`/`account`.
        /// - Parameters:
        ///   - service: The item's service, usually the bundle identifier.
        ///   - account: The item's account.
        ///   - accessGroup: A shared access group (`TEAMID.group`), so an app extension reads the
        ///     same session; `nil` for the app's default group.
        ///   - accessibility: When the item can be read; set on add and on every update, so an item
        ///     written by an older version moves to it.
        ///   - logger: Receives the warning about an undecodable item.
        public init(
            service: String, account: String = "auth.session", accessGroup: String? = nil,
            accessibility: KeychainAccessibility = .afterFirstUnlockThisDeviceOnly, logger: Logger
        ) {
            self.init(
                item: SecurityKeychainItem(service: service, account: account, accessGroup: accessGroup, accessibility: accessibility),
                logger: logger)
        }
    }

    /// ``KeychainItemAccessing`` through `SecItem*`: one generic-password item. Thin on purpose;
    /// the decisions are in ``KeychainSessionStore``. Not built on Linux.
    struct SecurityKeychainItem: KeychainItemAccessing {
        let service: String
        let account: String
        let accessGroup: String?
        let accessibility: KeychainAccessibility

        var identity: String { [service, account, accessGroup ?? ""].map { "\($0.utf8.count):\($0)" }.joined() }

        /// The attributes that name the item (built per call: `[String: Any]` is not `Sendable`).
        private var query: [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            #if os(macOS)
                // The iOS-style keychain on macOS, where access groups and accessibility classes apply.
                query[kSecUseDataProtectionKeychain as String] = true
            #endif
            return query
        }

        private var accessible: CFString {
            switch accessibility {
            case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
            case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            case .whenUnlocked: kSecAttrAccessibleWhenUnlocked
            }
        }

        func read() -> (status: Int32, data: Data?) {
            var lookup = query
            lookup[kSecReturnData as String] = true
            lookup[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(lookup as CFDictionary, &result)
            return (status, result as? Data)
        }

        func update(_ data: Data) -> Int32 {
            let changes: [String: Any] = [kSecValueData as String: data, kSecAttrAccessible as String: accessible]
            return SecItemUpdate(query as CFDictionary, changes as CFDictionary)
        }

        func add(_ data: Data) -> Int32 {
            var attributes = query
            attributes[kSecValueData as String] = data
            attributes[kSecAttrAccessible as String] = accessible
            return SecItemAdd(attributes as CFDictionary, nil)
        }

        func delete() -> Int32 {
            SecItemDelete(query as CFDictionary)
        }
    }
#endif
