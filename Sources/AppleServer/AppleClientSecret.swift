import AuthJWT
import Crypto
import Foundation

/// The `client_secret` Apple's REST API wants: a JWT signed ES256 (raw R‖S) by the team's
/// Sign in with Apple key (the `.p8`), with `iss` the team id, `sub` the client id, `aud`
/// `https://appleid.apple.com`, and an expiry at most six months away.
public struct AppleClientSecret: Sendable {
    /// The longest lifetime Apple accepts, in seconds.
    public static let maximumLifetime: TimeInterval = 15_777_000

    /// The 10-character team id.
    public var teamID: String
    /// The 10-character id of the key.
    public var keyID: String
    /// The client id (bundle id or Services id) the secret is for.
    public var clientID: String
    /// The team's key, as a `Sendable` signer (CryptoKit's P-256 key is not `Sendable` in the
    /// iOS 16 SDK).
    private let signingKey: JWTSigningKey

    /// Creates a secret maker.
    /// - Parameters:
    ///   - teamID: The team id.
    ///   - keyID: The key id.
    ///   - clientID: The client id.
    ///   - privateKey: The team's P-256 key.
    public init(teamID: String, keyID: String, clientID: String, privateKey: P256.Signing.PrivateKey) {
        self.teamID = teamID
        self.keyID = keyID
        self.clientID = clientID
        self.signingKey = .es256(privateKey, keyID: keyID)
    }

    /// Reads the key from a `.p8` file's PEM text.
    /// - Parameters:
    ///   - teamID: The team id.
    ///   - keyID: The key id.
    ///   - clientID: The client id.
    ///   - p8: The PEM text (`-----BEGIN PRIVATE KEY-----`).
    /// - Throws: When the PEM is not a P-256 private key.
    public init(teamID: String, keyID: String, clientID: String, p8: String) throws {
        self.init(teamID: teamID, keyID: keyID, clientID: clientID, privateKey: try P256.Signing.PrivateKey(pemRepresentation: p8))
    }

    /// Makes a secret valid from `now` for `lifetime` seconds.
    /// - Parameters:
    ///   - now: The issue time.
    ///   - lifetime: Seconds until expiry; at most ``maximumLifetime``.
    /// - Returns: The signed JWT.
    /// - Throws: When signing fails.
    public func make(now: Date, lifetime: TimeInterval = 600) throws -> String {
        let iat = Int64(now.timeIntervalSince1970)
        let claims: JSONObject = [
            "iss": .string(teamID), "iat": .int(iat), "exp": .int(iat + Int64(min(lifetime, Self.maximumLifetime))),
            "aud": .string("https://appleid.apple.com"), "sub": .string(clientID),
        ]
        return try signingKey.sign(claims, header: ["typ": .null, "kid": .string(keyID)])
    }
}
