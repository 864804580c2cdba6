import AuthJWT
import Crypto
import Foundation

/// Checks a `client_secret` JWT the way Apple does: ES256 signed by a registered team key named
/// by `kid`, `iss` the team id, `sub` the client id of the request, `aud`
/// `https://appleid.apple.com`, not expired, and at most six months (15 777 000 s) long.
///
/// The signature is checked with swift-crypto's P-256 over the JWS signing input (RFC 7515 §5.2,
/// the 64-byte raw `R || S` of RFC 7518 §3.4), so the simulation stays inside what an app's test
/// target can link (no jwt-kit); the contract suite signs with `AppleClientSecret` and checks refusals.
struct AppleClientSecretValidator {
    let teamID: String
    let keys: [String: P256.Signing.PublicKey]

    func validate(_ secret: String, clientID: String, now: Date) throws(OAuthProviderError) {
        let jws: CompactJWS
        do { jws = try CompactJWS(parsing: secret) } catch { throw .invalidClient("client_secret is not a JWT") }
        guard jws.algorithm == "ES256" else { throw .invalidClient("client_secret must be signed with ES256") }
        guard let kid = jws.keyID, let key = keys[kid] else { throw .invalidClient("unknown key id") }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: jws.signature),
            key.isValidSignature(signature, for: Data(jws.signingInput))
        else { throw .invalidClient("client_secret signature is invalid") }
        let claims = jws.payload
        let nowSeconds = Int64(now.timeIntervalSince1970)
        guard claims["iss"]?.stringValue == teamID else { throw .invalidClient("client_secret iss is not the team id") }
        guard claims["sub"]?.stringValue == clientID else { throw .invalidClient("client_secret sub does not match client_id") }
        guard Self.audiences(claims["aud"]).contains("https://appleid.apple.com") else {
            throw .invalidClient("client_secret aud must be https://appleid.apple.com")
        }
        guard let iat = claims["iat"]?.intValue, let exp = claims["exp"]?.intValue else {
            throw .invalidClient("client_secret lacks iat or exp")
        }
        guard exp > nowSeconds else { throw .invalidClient("client_secret has expired") }
        guard iat <= nowSeconds + 60, exp - iat <= 15_777_000 else { throw .invalidClient("client_secret lifetime exceeds six months") }
    }

    /// `aud` as one string or an array of strings (RFC 7519 §4.1.3).
    private static func audiences(_ value: JSONValue?) -> [String] {
        if let single = value?.stringValue { return [single] }
        return value?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
