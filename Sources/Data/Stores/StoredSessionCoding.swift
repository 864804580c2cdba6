import AuthDomain
import Foundation

/// The bytes a persistent session store keeps: a versioned envelope around ``StoredSession``,
/// shared by ``FileSessionStore`` and ``KeychainSessionStore`` so that both write the same
/// thing and refuse the same things.
enum StoredSessionCoding {
    /// Why stored bytes could not be read back; a store logs it and reads as signed out.
    enum Unreadable: Error, CustomStringConvertible {
        /// Not the envelope's JSON (truncated, another format, or a field is missing).
        case corrupt(String)
        /// An envelope from a newer version of this library.
        case unknownVersion(Int)

        var description: String {
            switch self {
            case .corrupt(let reason): "corrupt: \(reason)"
            case .unknownVersion(let version): "unknown version \(version)"
            }
        }
    }

    private struct Envelope: Codable {
        var version: Int
        var stored: StoredSession
    }

    /// The envelope version this library writes.
    static let version = 1

    /// Encodes a session (keys sorted, so equal sessions give equal bytes): the written form
    /// through ``encodeWritten(_:)``, anything else through `JSONEncoder`.
    /// - Parameter session: The session.
    /// - Returns: The bytes to store.
    /// - Throws: `EncodingError` (a value JSON cannot hold).
    static func encode(_ session: StoredSession) throws -> Data {
        if let written = encodeWritten(session) { return Data(written) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Envelope(version: version, stored: session))
    }

    /// Decodes stored bytes: what this library writes through ``decodeWritten(_:)``, anything
    /// else through `JSONDecoder`.
    /// - Parameter data: What the store held.
    /// - Returns: The session, or why it cannot be read.
    static func decode(_ data: Data) -> Result<StoredSession, Unreadable> {
        if let written = decodeWritten(Array(data)) {
            guard written.version == version else { return .failure(.unknownVersion(written.version)) }
            return .success(written.stored)
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            return .failure(.corrupt("\(error)"))
        }
        guard envelope.version == version else { return .failure(.unknownVersion(envelope.version)) }
        return .success(envelope.stored)
    }
}
