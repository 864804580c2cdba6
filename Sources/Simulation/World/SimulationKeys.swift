import AuthJWT
import Crypto
import CryptoExtras
import Foundation

/// Every key the simulated services signs with, generated once and persisted (mode 0600) so that
/// later runs start fast and tokens verify across processes.
public struct SimulationKeys: Codable, Sendable {
    /// Apple's identity-token keys.
    package var apple: StoredKeyRing
    /// Google's ID-token keys.
    package var google: StoredKeyRing
    /// The Firebase project's ID-token key.
    package var firebase: StoredKeyRing
    /// Supabase's HS256 `GOTRUE_JWT_SECRET`, base64.
    package var supabaseJWTSecret: String
    /// The developer team id.
    public var teamID: String
    /// The key id of the team's Sign in with Apple key.
    public var developerKeyID: String
    /// The team's Sign in with Apple private key, PKCS#8 PEM (the `.p8` file's content).
    package var developerKeyPEM: String

    /// Generates fresh keys (six RSA-2048 keys: a fraction of a second to a few seconds).
    /// - Returns: The keys.
    /// - Throws: When key generation fails.
    public static func generate() throws -> SimulationKeys {
        let developerKey = P256.Signing.PrivateKey()
        return SimulationKeys(
            apple: try RSAKeyRing.generate(count: 2, makeKeyID: { RandomIdentifiers.keyID(10) }).stored,
            google: try RSAKeyRing.generate(count: 2, makeKeyID: { RandomIdentifiers.hex(40) }).stored,
            firebase: try RSAKeyRing.generate(count: 1, makeKeyID: { RandomIdentifiers.hex(40) }).stored,
            supabaseJWTSecret: Data(RandomIdentifiers.opaqueToken(48).utf8).base64EncodedString(),
            teamID: RandomIdentifiers.keyID(10), developerKeyID: RandomIdentifiers.keyID(10),
            developerKeyPEM: developerKey.pemRepresentation)
    }

    /// The team's private key for `client_secret`s.
    /// - Returns: The P-256 key.
    /// - Throws: When the PEM is unreadable.
    public func developerKey() throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(pemRepresentation: developerKeyPEM)
    }
}
