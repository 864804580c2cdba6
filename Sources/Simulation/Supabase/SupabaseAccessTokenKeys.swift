import AuthJWT

/// The keys of a Supabase project's access tokens, as GoTrue holds them (`JWTConfiguration`,
/// internal/conf/configuration.go): one signing key, verification keys by `kid`, and
/// `GOTRUE_JWT_SECRET` for HS256 tokens whose `kid` is absent or unknown (`parseJWTClaims`,
/// internal/api/auth.go).
///
/// ```swift
/// let keys = SupabaseAccessTokenKeys(secret: Array(secret.utf8), jwtKeys: try GoTrueJWTKeys(parsing: json))
/// keys.verifies(try CompactJWS(parsing: accessToken))
/// ```
public struct SupabaseAccessTokenKeys: Sendable {
    /// The key that signs new access tokens (its `kid`, if any, goes into their header).
    public let signing: JWTSigningKey
    private let byKeyID: [String: JWTSigningKey]
    /// The key for tokens whose `kid` names no key: the HS256 secret when HS256 is accepted.
    private let fallback: JWTSigningKey?
    private let published: [JWTSigningKey]

    /// One key that signs and verifies: GoTrue without `GOTRUE_JWT_KEYS`, where the secret is
    /// both (`applyDefaultsJWT`).
    /// - Parameter key: The key (HS256 `GOTRUE_JWT_SECRET` in a default project).
    public init(key: JWTSigningKey) {
        signing = key
        byKeyID = key.keyID.map { [$0: key] } ?? [:]
        fallback = key
        published = [key]
    }

    /// GoTrue with `GOTRUE_JWT_KEYS`: the signing key signs; each key verifies tokens naming its
    /// `kid`; the secret verifies HS256 tokens without a known `kid` only when some key is HS256,
    /// since GoTrue's parser accepts only the keys' algorithms (`ValidMethods`).
    /// - Parameters:
    ///   - secret: `GOTRUE_JWT_SECRET`'s bytes.
    ///   - jwtKeys: `GOTRUE_JWT_KEYS`.
    public init(secret: [UInt8], jwtKeys: GoTrueJWTKeys) {
        signing = jwtKeys.signing
        byKeyID = Dictionary(jwtKeys.entries.map { ($0.keyID, $0.key) }, uniquingKeysWith: { first, _ in first })
        fallback = jwtKeys.entries.contains { $0.key.algorithm == "HS256" } ? .hs256(secret: secret) : nil
        published = jwtKeys.entries.map(\.key)
    }

    /// Whether a token's signature verifies: by the key its `kid` names, else by the secret.
    /// - Parameter jws: The parsed token.
    /// - Returns: Whether it verifies (the header's `alg` must be the key's).
    public func verifies(_ jws: CompactJWS) -> Bool {
        if let kid = jws.keyID, let key = byKeyID[kid] { return key.isValidSignature(of: jws) }
        return fallback?.isValidSignature(of: jws) ?? false
    }

    /// `GET /.well-known/jwks.json` (internal/api/jwks.go): the public keys of the asymmetric
    /// keys, each with `use` `sig` and `key_ops` `["verify"]`; HMAC keys are never published.
    public var jwks: JSONObject {
        let keys = published.compactMap(\.publicJWK).map { jwk -> JSONValue in
            var jwk = jwk
            jwk["key_ops"] = .array([.string("verify")])
            return .object(jwk)
        }
        return ["keys": .array(keys)]
    }

    /// The key the `anon` and `service_role` API keys are signed with: the HS256 secret, as the
    /// Supabase CLI signs its legacy API keys, when tokens signed by it are accepted; else the
    /// signing key.
    public var apiKeySigner: JWTSigningKey {
        if let fallback, fallback.algorithm == "HS256" { return fallback }
        return signing
    }
}
