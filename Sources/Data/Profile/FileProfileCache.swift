import AuthDomain
import Foundation
import Logging

/// A profile cache in a JSON file (mode 0600, atomic replace).
public actor FileProfileCache: ProfileCache {
    private let fileURL: URL
    private let logger: Logger

    /// Creates a cache.
    /// - Parameters:
    ///   - fileURL: The cache file.
    ///   - logger: Receives a warning when the file is unreadable.
    public init(fileURL: URL, logger: Logger) {
        self.fileURL = fileURL
        self.logger = logger
    }

    /// The cached profile.
    /// - Parameter userID: The user id.
    /// - Returns: The profile, or `nil`.
    public func profile(forUserID userID: String) async -> ProviderProfile? { readAll()[userID] }

    /// Caches a profile.
    /// - Parameters:
    ///   - profile: The profile.
    ///   - userID: The user id.
    /// - Throws: ``AuthError/storage(_:)``.
    public func save(_ profile: ProviderProfile, forUserID userID: String) async throws(AuthError) {
        var all = readAll()
        all[userID] = profile
        try writeAll(all)
    }

    /// Forgets a profile.
    /// - Parameter userID: The user id.
    /// - Throws: ``AuthError/storage(_:)``.
    public func remove(forUserID userID: String) async throws(AuthError) {
        var all = readAll()
        guard all.removeValue(forKey: userID) != nil else { return }
        try writeAll(all)
    }

    private func readAll() -> [String: ProviderProfile] {
        do {
            guard let data = try AtomicFile.read(fileURL) else { return [:] }
            return try JSONDecoder().decode([String: ProviderProfile].self, from: data)
        } catch {
            logger.warning("profile cache is unreadable; ignoring it", metadata: ["path": "\(fileURL.path)", "error": "\(error)"])
            return [:]
        }
    }

    private func writeAll(_ all: [String: ProviderProfile]) throws(AuthError) {
        do {
            try AtomicFile.ensureDirectory(fileURL.deletingLastPathComponent())
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try AtomicFile.write(try encoder.encode(all), to: fileURL)
        } catch {
            throw .storage("\(error)")
        }
    }
}
