import AuthData
import Foundation

/// A Keychain item in memory that answers with Security's status codes, so
/// ``KeychainSessionStore`` runs through the store contract on every platform.
///
/// It can be locked (reads and writes answer `errSecInteractionNotAllowed`, as a device before
/// its first unlock does) and can lose the next add to another writer (`errSecDuplicateItem`).
public final class InMemoryKeychainItem: KeychainItemAccessing {
    private struct State {
        var data: Data?
        var isLocked = false
        var addRacesAnotherWriter = false
        var calls: [String] = []
    }

    private let state = Locked(State())

    public init() {}

    /// This object's identity: two stores over one in-memory item share a lock.
    public var identity: String { "in-memory-\(ObjectIdentifier(self).hashValue)" }

    /// What the item holds.
    public var data: Data? {
        get { state.withLock { $0.data } }
        set { state.withLock { $0.data = newValue } }
    }

    /// Whether the device is locked.
    public var isLocked: Bool {
        get { state.withLock { $0.isLocked } }
        set { state.withLock { $0.isLocked = newValue } }
    }

    /// The calls made, in order (`read`, `update`, `add`, `delete`).
    public var calls: [String] { state.withLock { $0.calls } }

    /// Makes the next add find an item another writer added in between.
    public func raceNextAdd() { state.withLock { $0.addRacesAnotherWriter = true } }

    public func read() -> (status: Int32, data: Data?) {
        state.withLock { state in
            state.calls.append("read")
            if state.isLocked { return (KeychainStatus.interactionNotAllowed, nil) }
            guard let data = state.data else { return (KeychainStatus.itemNotFound, nil) }
            return (KeychainStatus.success, data)
        }
    }

    public func update(_ data: Data) -> Int32 {
        state.withLock { state in
            state.calls.append("update")
            if state.isLocked { return KeychainStatus.interactionNotAllowed }
            guard state.data != nil else { return KeychainStatus.itemNotFound }
            state.data = data
            return KeychainStatus.success
        }
    }

    public func add(_ data: Data) -> Int32 {
        state.withLock { state in
            state.calls.append("add")
            if state.isLocked { return KeychainStatus.interactionNotAllowed }
            if state.addRacesAnotherWriter {
                state.addRacesAnotherWriter = false
                state.data = Data("another writer".utf8)
            }
            guard state.data == nil else { return KeychainStatus.duplicateItem }
            state.data = data
            return KeychainStatus.success
        }
    }

    public func delete() -> Int32 {
        state.withLock { state in
            state.calls.append("delete")
            if state.isLocked { return KeychainStatus.interactionNotAllowed }
            guard state.data != nil else { return KeychainStatus.itemNotFound }
            state.data = nil
            return KeychainStatus.success
        }
    }
}
