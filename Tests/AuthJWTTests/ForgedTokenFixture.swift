import AuthJWT
import AuthTestSupport
import CryptoExtras
import Testing

/// Provider keys generated once per test process (immutable), so that the matrix does not spend
/// a second per test generating RSA keys.
enum ForgeryKeys {
    /// The Apple-like provider's signing key.
    static let apple = generate()
    /// The Google-like provider's signing key (the "other provider").
    static let google = generate()

    private static func generate() -> _RSA.Signing.PrivateKey {
        do { return try _RSA.Signing.PrivateKey(keySize: .bits2048) } catch { fatalError("test key: \(error)") }
    }
}

/// One relying party verifying Apple tokens at a fixed time, with the means to mint genuine,
/// tampered and forged tokens.
struct ForgedTokenFixture {
    static let now: Int64 = 1_767_225_600
    static let clientID = "com.example.authcoordinator"
    static let otherClientID = "com.attacker.app"
    static let appleKeyID = "W6WcOKB0aa"
    static let googleKeyID = "0123456789abcdef0123456789abcdef01234567"
    static let rawNonce = "Zm9vYmFy-nonce.0123456789_abcdefXYZ"
    static let subject = "001542.b041c0ffee0ddba11deadbeefcafe394d.1603"

    let verifier = IDTokenVerifier(policy: .apple(clientIDs: [Self.clientID]))
    /// Apple's published keys, as the relying party holds them.
    let keys = JWKSet(keys: [Self.jwk(ForgeryKeys.apple, keyID: Self.appleKeyID)])
    let skew = IDTokenPolicy.apple(clientIDs: []).clockSkew

    static func jwk(_ key: _RSA.Signing.PrivateKey, keyID: String) -> RSAJWK {
        do { return try RSAJWK(keyID: keyID, publicKey: key.publicKey) } catch { fatalError("test JWK: \(error)") }
    }

    /// The header Apple sends: `kid` and `alg`, no `typ`.
    func header(kid: String = Self.appleKeyID) -> JSONObject {
        ["kid": .string(kid), "alg": .string("RS256")]
    }

    /// Claims as Apple sends them, valid at ``now`` for ``clientID`` with the hashed raw nonce.
    func claims() -> JSONObject {
        [
            "iss": .string("https://appleid.apple.com"), "aud": .string(Self.clientID),
            "exp": .int(Self.now + 86_400), "iat": .int(Self.now - 60), "sub": .string(Self.subject),
            "nonce": .string(SHA256Hex.hash(Self.rawNonce)), "c_hash": .string("p8gYk8mDpXQ4iVbjBm7m6g"),
            "email": .string("ada@example.com"), "email_verified": .bool(true),
            "auth_time": .int(Self.now - 60), "nonce_supported": .bool(true),
        ]
    }

    /// A token signed by Apple's genuine key.
    func genuine(header: JSONObject? = nil, editing edit: (inout JSONObject) -> Void = { _ in }) -> String {
        var claims = claims()
        edit(&claims)
        return TokenForge.rs256(header: header ?? self.header(), claims: claims, key: ForgeryKeys.apple)
    }

    /// Raw header and payload text (so that duplicate keys survive) signed by a key.
    func signRaw(header: String, payload: String, key: _RSA.Signing.PrivateKey = ForgeryKeys.apple) -> String {
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        let signature = try! key.signature(for: Array(input.utf8), padding: .insecurePKCS1v1_5)
        return input + "." + Base64URL.encode(Array(signature.rawRepresentation))
    }

    /// Verifies with the fixture's keys at ``now``.
    func verify(_ token: String, rawNonce: String? = Self.rawNonce, keys: JWKSet? = nil) throws(IDTokenError) -> VerifiedIDToken {
        try verifier.verify(token, rawNonce: rawNonce, keys: keys ?? self.keys, now: Self.now)
    }

    /// The error a token is refused with; records an issue (naming only the subject) when the
    /// token is accepted.
    func refusal(
        of token: String, rawNonce: String? = Self.rawNonce, keys: JWKSet? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> IDTokenError? {
        do {
            let accepted = try verify(token, rawNonce: rawNonce, keys: keys)
            Issue.record("forged token accepted for sub \(accepted.subject)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }
}

extension IDTokenError {
    /// The reason of a ``malformed(_:)`` refusal, `nil` for every other case.
    var malformedReason: String? {
        if case .malformed(let reason) = self { return reason }
        return nil
    }
}
