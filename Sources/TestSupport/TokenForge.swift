import AuthJWT
import Crypto
import CryptoExtras
import Foundation

/// Builds hostile and edge-case tokens for tests: re-signed, tampered, mis-headed, unsigned.
public enum TokenForge {
    /// An attacker's RSA key, generated once per test process.
    public static let attackerKey: _RSA.Signing.PrivateKey = {
        do { return try _RSA.Signing.PrivateKey(keySize: .bits2048) } catch { fatalError("attacker key: \(error)") }
    }()

    /// The header and claims of a token, decoded without any check.
    /// - Parameter token: A compact JWS.
    /// - Returns: Header and payload objects.
    public static func decode(_ token: String) -> (header: JSONObject, claims: JSONObject) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let header = (try? StrictJSONParser.parseObject(Base64URL.decode(parts[0]) ?? [])) ?? [:]
        let claims = (try? StrictJSONParser.parseObject(Base64URL.decode(parts[1]) ?? [])) ?? [:]
        return (header, claims)
    }

    /// Encodes raw header and payload text with the given signature bytes.
    /// - Parameters:
    ///   - header: Header JSON text.
    ///   - payload: Payload JSON text.
    ///   - signature: Signature bytes.
    /// - Returns: The token.
    public static func assemble(header: String, payload: String, signature: [UInt8]) -> String {
        Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8)) + "." + Base64URL.encode(signature)
    }

    /// Signs arbitrary header and claims with an RSA key (RS256).
    /// - Parameters:
    ///   - header: The full header.
    ///   - claims: The claims.
    ///   - key: The signing key.
    /// - Returns: The token.
    public static func rs256(header: JSONObject, claims: JSONObject, key: _RSA.Signing.PrivateKey) -> String {
        let input = Base64URL.encode(header.serialized()) + "." + Base64URL.encode(claims.serialized())
        let signature = try! key.signature(for: Array(input.utf8), padding: .insecurePKCS1v1_5)
        return input + "." + Base64URL.encode(Array(signature.rawRepresentation))
    }

    /// Signs arbitrary header and claims with HMAC-SHA256 and the given secret.
    /// - Parameters:
    ///   - header: The full header.
    ///   - claims: The claims.
    ///   - secret: The HMAC secret.
    /// - Returns: The token.
    public static func hs256(header: JSONObject, claims: JSONObject, secret: [UInt8]) -> String {
        let input = Base64URL.encode(header.serialized()) + "." + Base64URL.encode(claims.serialized())
        let mac = HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: secret))
        return input + "." + Base64URL.encode(Array(mac))
    }

    /// The token with its claims changed and the original signature kept.
    /// - Parameters:
    ///   - token: A valid token.
    ///   - change: Edits the claims.
    /// - Returns: The tampered token.
    public static func tamper(_ token: String, _ change: (inout JSONObject) -> Void) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var claims = decode(token).claims
        change(&claims)
        return parts[0] + "." + Base64URL.encode(claims.serialized()) + "." + parts[2]
    }

    /// The token re-signed by the attacker's key, with header and claims edited.
    /// - Parameters:
    ///   - token: A valid token to start from.
    ///   - header: Edits the header.
    ///   - claims: Edits the claims.
    /// - Returns: The forged token.
    public static func resign(_ token: String, header: (inout JSONObject) -> Void = { _ in }, claims: (inout JSONObject) -> Void = { _ in })
        -> String
    {
        var (h, c) = decode(token)
        header(&h)
        claims(&c)
        return rs256(header: h, claims: c, key: attackerKey)
    }
}
