import AuthJWT
import Crypto
import Foundation
import JWTKit

/// Checks a `client_secret` JWT the way Apple does: ES256 signed by a registered team key named
/// by `kid`, `iss` the team id, `sub` the client id of the request, `aud`
/// `https://appleid.apple.com`, not expired, and at most six months (15 777 000 s) long.
///
/// The signature is checked by jwt-kit, an implementation independent of the package's own
/// signer, so a client_secret built by `AppleClientSecret` is proven against a second
/// reading of the standard.
struct AppleClientSecretValidator {
    let teamID: String
    let keys: [String: P256.Signing.PublicKey]

    private struct Claims: JWTPayload {
        var iss: String?
        var sub: String?
        var aud: AudienceClaim?
        var iat: Int64?
        var exp: Int64?
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    func validate(_ secret: String, clientID: String, now: Date) async throws(OAuthProviderError) {
        let jws: CompactJWS
        do { jws = try CompactJWS(parsing: secret) } catch { throw .invalidClient("client_secret is not a JWT") }
        guard jws.algorithm == "ES256" else { throw .invalidClient("client_secret must be signed with ES256") }
        guard let kid = jws.keyID, let key = keys[kid] else { throw .invalidClient("unknown key id") }
        let claims: Claims
        do {
            let collection = await JWTKeyCollection().add(ecdsa: try ES256PublicKey(backing: key), kid: JWKIdentifier(string: kid))
            claims = try await collection.verify(secret, as: Claims.self)
        } catch {
            throw .invalidClient("client_secret signature is invalid")
        }
        let nowSeconds = Int64(now.timeIntervalSince1970)
        guard claims.iss == teamID else { throw .invalidClient("client_secret iss is not the team id") }
        guard claims.sub == clientID else { throw .invalidClient("client_secret sub does not match client_id") }
        guard claims.aud?.value.contains("https://appleid.apple.com") == true else { throw .invalidClient("client_secret aud must be https://appleid.apple.com") }
        guard let iat = claims.iat, let exp = claims.exp else { throw .invalidClient("client_secret lacks iat or exp") }
        guard exp > nowSeconds else { throw .invalidClient("client_secret has expired") }
        guard iat <= nowSeconds + 60, exp - iat <= 15_777_000 else { throw .invalidClient("client_secret lifetime exceeds six months") }
    }
}
