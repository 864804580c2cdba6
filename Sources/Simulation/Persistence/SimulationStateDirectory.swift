import AuthData
import AuthJWT
import Foundation

/// Why the simulated services's files could not be used.
public enum SimulationStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file exists but is damaged (partially written, edited, or of another version); it is
    /// not trusted, and not overwritten.
    case corrupt(path: String, reason: String)
    /// A file or the directory cannot be read or written.
    case unavailable(path: String, reason: String)

    /// A developer-facing explanation.
    public var description: String {
        switch self {
        case .corrupt(let path, let reason): "\(path) is damaged (\(reason)); move it away or pass another state directory"
        case .unavailable(let path, let reason): "\(path) cannot be used: \(reason)"
        }
    }
}

/// The simulated services's files in a state directory: `keys.json` (the signing keys) and the
/// team's `.p8` key, mode 0600; the users, sessions and mail are in the SQLite database beside
/// them (`auth.sqlite3`, module `AuthSimulationSQLite`). `state.json`, where versions before the database
/// kept them, is read once to import it.
///
/// `keys.json` and `state.json` start with a header line holding the SHA-256 of the JSON that
/// follows, and are replaced atomically; a file whose checksum does not match is reported as
/// corrupt instead of being trusted. The checksum guards against damage, not against other users: the directory and
/// its files must be the user's own and writable by no one else (``StateDirectorySafety``), or
/// nothing is read.
public struct SimulationStateDirectory: Sendable {
    /// The directory.
    public let url: URL
    private static let magic = "authcoordinator-state-v1"

    /// Uses a directory (created with mode 0700 on first write).
    /// - Parameter url: The directory.
    public init(url: URL) { self.url = url }

    /// The keys file.
    public var keysURL: URL { url.appendingPathComponent("keys.json") }
    /// The state file of versions before the database (imported, then renamed `state.json.imported`).
    public var stateURL: URL { url.appendingPathComponent("state.json") }

    /// The `.p8` file of the team's Sign in with Apple key.
    /// - Parameter keys: The keys (for the key id).
    /// - Returns: Its path.
    public func developerKeyURL(for keys: SimulationKeys) -> URL {
        url.appendingPathComponent("AuthKey_\(keys.developerKeyID).p8")
    }

    /// Reads the keys, or generates and saves new ones when there are none.
    /// - Returns: The keys.
    /// - Throws: ``SimulationStoreError``; `unavailable` when the directory or `keys.json` is not
    ///   the user's own or is writable by others.
    public func loadOrCreateKeys() throws(SimulationStoreError) -> SimulationKeys {
        try StateDirectorySafety.checkDirectory(url)
        if let keys = try read(keysURL, decode: { try SimulationKeys(json: Array($0)) }) { return keys }
        let keys: SimulationKeys
        do { keys = try SimulationKeys.generate() } catch {
            throw .unavailable(path: keysURL.path, reason: "key generation failed: \(error)")
        }
        try write(keys, to: keysURL)
        do {
            try AtomicFile.write(Data(keys.developerKeyPEM.utf8), to: developerKeyURL(for: keys))
        } catch {
            throw .unavailable(path: developerKeyURL(for: keys).path, reason: "\(error)")
        }
        return keys
    }

    /// Reads `state.json`, to import it.
    /// - Returns: The state, or an empty state when there is none.
    /// - Throws: ``SimulationStoreError/corrupt(path:reason:)`` for a damaged file.
    public func loadState() throws(SimulationStoreError) -> SimulationState {
        try StateDirectorySafety.checkDirectory(url)
        return try read(stateURL, decode: { try JSONDecoder().decode(SimulationState.self, from: $0) }) ?? SimulationState()
    }

    /// Writes a `state.json` (tests make one to import; nothing else writes it any more).
    /// - Parameter state: The state.
    /// - Throws: ``SimulationStoreError``.
    public func saveState(_ state: SimulationState) throws(SimulationStoreError) {
        try write(state, to: stateURL)
    }

    private func read<T>(_ file: URL, decode: (Data) throws -> T) throws(SimulationStoreError) -> T? {
        try StateDirectorySafety.checkFile(file)
        let data: Data
        do {
            guard let contents = try AtomicFile.read(file) else { return nil }
            data = contents
        } catch {
            throw .unavailable(path: file.path, reason: "\(error)")
        }
        guard let newline = data.firstIndex(of: 0x0A) else { throw .corrupt(path: file.path, reason: "no header") }
        let header = String(decoding: data[data.startIndex..<newline], as: UTF8.self).split(separator: " ")
        let body = data[data.index(after: newline)...]
        guard header.count == 2, header[0] == Self.magic else { throw .corrupt(path: file.path, reason: "unknown format") }
        guard SHA256Hex.hex(SHA256Digest.of(body)) == header[1] else {
            throw .corrupt(path: file.path, reason: "checksum mismatch: the file is truncated or was modified")
        }
        do {
            return try decode(body)
        } catch {
            throw .corrupt(path: file.path, reason: "unreadable content: \(error)")
        }
    }

    private func write<T: Encodable>(_ value: T, to file: URL) throws(SimulationStoreError) {
        do {
            try AtomicFile.ensureDirectory(url)
            let body = try JSONEncoder().encode(value)
            var data = Data("\(Self.magic) \(SHA256Hex.hex(SHA256Digest.of(body)))\n".utf8)
            data.append(body)
            try AtomicFile.write(data, to: file)
        } catch {
            throw .unavailable(path: file.path, reason: "\(error)")
        }
    }
}
