import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Logging
import Testing

/// Every ``SessionStore`` the package ships, as a test builds it: each ``pair(in:)`` is two stores
/// over one place. Only the file store locks across instances (`flock`), so only its pair is two
/// processes; the in-memory and Keychain stores lock per instance (`AsyncMutex`), so their pair is
/// one instance that two session managers of one process share.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// `InMemorySessionStore`: one instance, shared (two scenes of one process).
    case inMemory
    /// `FileSessionStore`: two instances on one file (two processes; `flock` between them).
    case file
    /// `KeychainSessionStore`: one instance shared, over an item kept in memory (Linux has no
    /// Keychain; the `SecItem` adapter is a thin layer over the same store).
    case keychain

    var testDescription: String { rawValue }

    /// Two stores over one place.
    /// - Parameter directory: A scratch directory for the file store.
    /// - Returns: The stores.
    func pair(in directory: URL) -> (any SessionStore, any SessionStore) {
        let logger = Logger(label: "SessionCorrectnessTests") { _ in SwiftLogNoOpLogHandler() }
        switch self {
        case .inMemory:
            let store = InMemorySessionStore()
            return (store, store)
        case .file:
            let url = directory.appendingPathComponent("session.json")
            return (FileSessionStore(fileURL: url, logger: logger), FileSessionStore(fileURL: url, logger: logger))
        case .keychain:
            let store = KeychainSessionStore(item: InMemoryKeychainItem(), logger: logger)
            return (store, store)
        }
    }
}

/// A scratch directory removed when the test ends.
struct ScratchDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("session-correctness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
