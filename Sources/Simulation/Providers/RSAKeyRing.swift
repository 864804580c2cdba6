import AuthJWT
import CryptoExtras
import Foundation

/// A provider's RSA signing keys: several published at once (a JWKS), one of them active.
/// Rotation adds a new active key and keeps the previous ones published, as Apple and Google do.
package struct RSAKeyRing: Sendable {
    /// One key and its id.
    package struct Key: Sendable {
        package let keyID: String
        package let privateKey: _RSA.Signing.PrivateKey

        package var signer: JWTSigningKey { .rs256(privateKey, keyID: keyID) }
    }

    /// The keys, oldest first.
    package private(set) var keys: [Key]
    /// The key that signs new tokens.
    package private(set) var activeKeyID: String
    /// How many keys stay published after a rotation.
    package let retained: Int

    package init(keys: [Key], activeKeyID: String, retained: Int = 3) {
        precondition(keys.contains { $0.keyID == activeKeyID }, "the active key must be in the ring")
        self.keys = keys
        self.activeKeyID = activeKeyID
        self.retained = retained
    }

    /// A ring of `count` new 2048-bit keys, the last one active.
    /// - Parameters:
    ///   - count: How many keys.
    ///   - makeKeyID: Makes a key id in the provider's style.
    package static func generate(count: Int, makeKeyID: () -> String) throws -> RSAKeyRing {
        let keys = try (0..<count).map { _ in Key(keyID: makeKeyID(), privateKey: try _RSA.Signing.PrivateKey(keySize: .bits2048)) }
        return RSAKeyRing(keys: keys, activeKeyID: keys[keys.count - 1].keyID)
    }

    /// The active key.
    package var active: Key { keys.first { $0.keyID == activeKeyID }! }

    /// The public keys as a verification key set.
    package var jwkSet: JWKSet {
        JWKSet(keys: keys.compactMap { try? RSAJWK(keyID: $0.keyID, publicKey: $0.privateKey.publicKey) })
    }

    /// Adds a new active key, keeping at most ``retained`` keys.
    /// - Parameter key: The new key.
    package mutating func rotate(to key: Key) {
        keys.append(key)
        activeKeyID = key.keyID
        if keys.count > retained { keys.removeFirst(keys.count - retained) }
    }

    /// The keys for persistence.
    package var stored: StoredKeyRing {
        StoredKeyRing(activeKeyID: activeKeyID, keys: keys.map { StoredKeyRing.Key(keyID: $0.keyID, pem: $0.privateKey.pemRepresentation) })
    }

    /// Reads persisted keys.
    /// - Parameter stored: The persisted form.
    /// - Throws: When a PEM cannot be read.
    package init(stored: StoredKeyRing) throws {
        let keys = try stored.keys.map { Key(keyID: $0.keyID, privateKey: try _RSA.Signing.PrivateKey(pemRepresentation: $0.pem)) }
        guard keys.contains(where: { $0.keyID == stored.activeKeyID }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.init(keys: keys, activeKeyID: stored.activeKeyID)
    }
}

/// The persisted form of an ``RSAKeyRing`` (private keys as PEM; kept in files of mode 0600).
package struct StoredKeyRing: Codable, Sendable {
    package struct Key: Codable, Sendable {
        package var keyID: String
        package var pem: String
    }

    package var activeKeyID: String
    package var keys: [Key]
}
