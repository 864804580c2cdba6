import AuthJWT
import AuthTestSupport
import CryptoExtras
import Foundation
import Testing

/// The forged-token matrix, header half: what the token says about how it was signed must never
/// choose the algorithm or the key (identity-tokens.md §7 items 1–3, 5, 6).
@Suite("Forged tokens: algorithm, key id and header")
struct ForgedTokenMatrixHeaderTests {
    private func makeSUT() -> ForgedTokenFixture { ForgedTokenFixture() }

    // MARK: Positive controls

    @Test("a genuine Apple token verifies (control for every refusal below)")
    func genuineVerifies() throws {
        let sut = makeSUT()
        let token = try sut.verify(sut.genuine())
        #expect(token.subject == ForgedTokenFixture.subject)
        #expect(token.keyID == ForgedTokenFixture.appleKeyID)
        #expect(token.email == "ada@example.com")
    }

    // MARK: alg

    @Test("alg none with an empty signature is refused as malformed (CVE-2022-23540)")
    func algNoneUnsigned() {
        let sut = makeSUT()
        let token = TokenForge.assemble(header: #"{"alg":"none"}"#, payload: sut.claims().jsonString, signature: [])
        #expect(sut.refusal(of: token) == .malformed("missing signature"))
    }

    @Test("alg none, in any case, keeping a genuine signature is refused", arguments: ["none", "None", "NONE", "nOnE"])
    func algNoneWithSignature(alg: String) {
        let sut = makeSUT()
        let genuine = sut.genuine().split(separator: ".").map(String.init)
        var header = sut.header()
        header["alg"] = .string(alg)
        let token = Base64URL.encode(header.serialized()) + "." + genuine[1] + "." + genuine[2]
        #expect(sut.refusal(of: token) == .unsupportedAlgorithm(alg))
    }

    @Test(
        "alg missing, null or not a string is refused even when the signature is genuine",
        arguments: [nil, JSONValue.null, .array([.string("RS256")]), .int(256), .string("")])
    func algMissing(alg: JSONValue?) {
        let sut = makeSUT()
        var header = sut.header()
        header["alg"] = alg
        let expected: IDTokenError = alg?.stringValue == "" ? .unsupportedAlgorithm("") : .unsupportedAlgorithm(nil)
        #expect(sut.refusal(of: sut.genuine(header: header)) == expected)
    }

    @Test(
        "algorithms other than RS256 are refused before any key is used",
        arguments: ["RS384", "RS512", "PS256", "ES256", "EdDSA", "rs256", "RS256 "])
    func otherAlgorithms(alg: String) {
        let sut = makeSUT()
        var header = sut.header()
        header["alg"] = .string(alg)
        #expect(sut.refusal(of: sut.genuine(header: header)) == .unsupportedAlgorithm(alg))
    }

    // MARK: HS256 with the RSA public key as the secret (CVE-2015-9235, CVE-2016-10555, CVE-2022-29217, CVE-2026-48526)

    /// Every form of the provider's public key an attacker can download and use as an HMAC secret.
    static let publicKeySecrets: [(String, [UInt8])] = {
        let publicKey = ForgeryKeys.apple.publicKey
        let jwk = ForgedTokenFixture.jwk(ForgeryKeys.apple, keyID: ForgedTokenFixture.appleKeyID).json
        return [
            ("SPKI PEM text", Array(publicKey.pemRepresentation.utf8)),
            ("SPKI PEM text with trailing newline", Array((publicKey.pemRepresentation + "\n").utf8)),
            ("PKCS#1 PEM text", Array(publicKey.pkcs1PEMRepresentation.utf8)),
            ("SPKI DER bytes", Array(publicKey.derRepresentation)),
            ("PKCS#1 DER bytes", Array(publicKey.pkcs1DERRepresentation)),
            ("JWK modulus bytes", Base64URL.decode(jwk["n"]?.stringValue ?? "") ?? []),
            ("JWK modulus text", Array((jwk["n"]?.stringValue ?? "").utf8)),
            ("JWK JSON text", jwk.serialized()),
        ]
    }()

    @Test("HS256 signed with the provider's public key as the secret is refused", arguments: 0..<publicKeySecrets.count)
    func hs256KeyConfusion(index: Int) {
        let sut = makeSUT()
        let (form, secret) = Self.publicKeySecrets[index]
        #expect(!secret.isEmpty, "\(form)")
        var header = sut.header()
        header["alg"] = .string("HS256")
        let token = TokenForge.hs256(header: header, claims: sut.claims(), secret: secret)
        #expect(sut.refusal(of: token) == .unsupportedAlgorithm("HS256"), "\(form)")
    }

    @Test("an HMAC made with the public key under an RS256 header is refused as a bad signature", arguments: 0..<publicKeySecrets.count)
    func hmacUnderRS256Header(index: Int) {
        let sut = makeSUT()
        let token = TokenForge.hs256(header: sut.header(), claims: sut.claims(), secret: Self.publicKeySecrets[index].1)
        #expect(sut.refusal(of: token) == .invalidSignature, "\(Self.publicKeySecrets[index].0)")
    }

    // MARK: Keys

    @Test("RS256 signed by a key the provider never published, under the genuine kid, is refused")
    func unknownSigningKey() {
        let sut = makeSUT()
        let token = TokenForge.rs256(header: sut.header(), claims: sut.claims(), key: TokenForge.attackerKey)
        #expect(sut.refusal(of: token) == .invalidSignature)
    }

    @Test("an unknown kid is refused even though the only published key signed it (no fallback to a default key)")
    func unknownKeyIDNoFallback() {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine(header: sut.header(kid: "ATTACKER01"))) == .unknownKey("ATTACKER01"))
    }

    @Test(
        "a missing or non-string kid is refused even though the only published key signed it",
        arguments: [nil, JSONValue.null, .int(1), .array([.string(ForgedTokenFixture.appleKeyID)])])
    func missingKeyID(kid: JSONValue?) {
        let sut = makeSUT()
        var header = sut.header()
        header["kid"] = kid
        #expect(sut.refusal(of: sut.genuine(header: header)) == .unknownKey(nil))
    }

    @Test(
        "kid lookup is exact: case, whitespace and path tricks do not find the key",
        arguments: ["w6wcokb0aa", "W6WcOKB0aa ", " W6WcOKB0aa", "../W6WcOKB0aa", "W6WcOKB0aa\u{0}"])
    func keyIDExactMatch(kid: String) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine(header: sut.header(kid: kid))) == .unknownKey(kid))
    }

    @Test("a token signed by the other provider's key under its own kid is refused by this provider's key set")
    func otherProvidersKeyID() {
        let sut = makeSUT()
        let token = TokenForge.rs256(header: sut.header(kid: ForgedTokenFixture.googleKeyID), claims: sut.claims(), key: ForgeryKeys.google)
        #expect(sut.refusal(of: token) == .unknownKey(ForgedTokenFixture.googleKeyID))
    }

    @Test("the other provider's key under this provider's kid is a bad signature")
    func otherProvidersKeyUnderOurKeyID() {
        let sut = makeSUT()
        let token = TokenForge.rs256(header: sut.header(), claims: sut.claims(), key: ForgeryKeys.google)
        #expect(sut.refusal(of: token) == .invalidSignature)
    }

    // MARK: Keys carried in the token (CVE-2018-0114, CVE-2026-34240)

    /// Headers that try to supply the verification key.
    static let embeddedKeyHeaders: [(String, JSONValue)] = {
        let attackerJWK = (try? RSAJWK(keyID: "ATTACKER01", publicKey: TokenForge.attackerKey.publicKey).json) ?? [:]
        let attackerDER = Base64URL.encode(Array(TokenForge.attackerKey.publicKey.derRepresentation))
        return [
            ("jwk", .object(attackerJWK)),
            ("jku", .string("https://attacker.example/.well-known/jwks.json")),
            ("x5u", .string("https://attacker.example/cert.pem")),
            ("x5c", .array([.string(attackerDER)])),
        ]
    }()

    @Test("a key embedded in or linked from the header is not used, under the genuine kid", arguments: 0..<embeddedKeyHeaders.count)
    func embeddedKeyGenuineKeyID(index: Int) {
        let sut = makeSUT()
        var header = sut.header()
        header[Self.embeddedKeyHeaders[index].0] = Self.embeddedKeyHeaders[index].1
        let token = TokenForge.rs256(header: header, claims: sut.claims(), key: TokenForge.attackerKey)
        #expect(sut.refusal(of: token) == .invalidSignature)
    }

    @Test("a key embedded in or linked from the header is not used, under its own kid", arguments: 0..<embeddedKeyHeaders.count)
    func embeddedKeyOwnKeyID(index: Int) {
        let sut = makeSUT()
        var header = sut.header(kid: "ATTACKER01")
        header[Self.embeddedKeyHeaders[index].0] = Self.embeddedKeyHeaders[index].1
        let token = TokenForge.rs256(header: header, claims: sut.claims(), key: TokenForge.attackerKey)
        #expect(sut.refusal(of: token) == .unknownKey("ATTACKER01"))
    }

    @Test("key-carrying headers on a genuine token are ignored, neither trusted nor fatal", arguments: 0..<embeddedKeyHeaders.count)
    func embeddedKeyIgnoredOnGenuineToken(index: Int) throws {
        let sut = makeSUT()
        var header = sut.header()
        header[Self.embeddedKeyHeaders[index].0] = Self.embeddedKeyHeaders[index].1
        #expect(try sut.verify(sut.genuine(header: header)).keyID == ForgedTokenFixture.appleKeyID)
    }

    // MARK: crit (CVE-2026-32597)

    @Test(
        "a crit header is refused, whatever it lists",
        arguments: [
            JSONValue.array([.string("exp")]), .array([.string("b64")]), .array([]), .string("b64"), .null,
        ])
    func critHeader(crit: JSONValue) {
        let sut = makeSUT()
        var header = sut.header()
        header["crit"] = crit
        header["b64"] = .bool(false)
        #expect(sut.refusal(of: sut.genuine(header: header)) == .unsupportedCriticalHeader)
    }
}
