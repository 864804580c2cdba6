import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import CryptoExtras
import Testing

/// The simulated providers' signing keys, as a forger who stole or guessed them would use them:
/// the token's own provider key (to isolate one claim or header check at a time) and the other
/// provider's key.
struct ForgeryKit {
    let ownKey: _RSA.Signing.PrivateKey
    let ownKeyID: String
    let otherKey: _RSA.Signing.PrivateKey
    let otherKeyID: String

    init(provider: ProviderID, keys: SimulationKeys) throws {
        let apple = try RSAKeyRing(stored: keys.apple).active
        let google = try RSAKeyRing(stored: keys.google).active
        let (own, other) = provider == .apple ? (apple, google) : (google, apple)
        (ownKey, ownKeyID, otherKey, otherKeyID) = (own.privateKey, own.keyID, other.privateKey, other.keyID)
    }

    /// The token re-signed by its own provider's genuine key after edits.
    func resign(_ token: String, header: (inout JSONObject) -> Void = { _ in }, claims: (inout JSONObject) -> Void = { _ in }) -> String {
        var (h, c) = TokenForge.decode(token)
        header(&h)
        claims(&c)
        return TokenForge.rs256(header: h, claims: c, key: ownKey)
    }

    /// Raw header and payload text signed by the genuine key.
    func signRaw(header: String, payload: String) -> String {
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        let signature = try! ownKey.signature(for: Array(input.utf8), padding: .insecurePKCS1v1_5)
        return input + "." + Base64URL.encode(Array(signature.rawRepresentation))
    }
}

/// One row of the forged-token matrix that makes sense through a service: each turns a genuine
/// token into one the service must refuse as an invalid identity token.
enum ServiceForgery: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case algNoneUnsigned, algNoneKeepingSignature, algMissing
    case hs256WithPublicKeyPEM, hs256WithPublicKeyDER, hs256WithModulus
    case otherProvidersKeyAndKeyID, embeddedAttackerJWK, attackerJKU, critHeader
    case wrongIssuer, audienceArrayWithoutUs, audienceArrayWithTheirAzp
    case issuedInFuture, notYetValid, missingSubject
    case truncated, twoSegments, fourSegments, nonBase64URL, formParameterInjection, nonJSONPayload, duplicateSubject, oversized

    var testDescription: String { rawValue }

    /// The forged token.
    /// - Parameters:
    ///   - token: A genuine token.
    ///   - kit: The providers' keys.
    func apply(to token: String, kit: ForgeryKit) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let (header, claims) = TokenForge.decode(token)
        switch self {
        case .algNoneUnsigned:
            return TokenForge.assemble(header: #"{"alg":"none"}"#, payload: claims.jsonString, signature: [])
        case .algNoneKeepingSignature:
            var none = header
            none["alg"] = .string("none")
            return Base64URL.encode(none.serialized()) + "." + parts[1] + "." + parts[2]
        case .algMissing:
            return kit.resign(token, header: { $0["alg"] = nil })
        case .hs256WithPublicKeyPEM, .hs256WithPublicKeyDER, .hs256WithModulus:
            var hs = header
            hs["alg"] = .string("HS256")
            return TokenForge.hs256(header: hs, claims: claims, secret: publicKeySecret(kit.ownKey.publicKey))
        case .otherProvidersKeyAndKeyID:
            var other = header
            other["kid"] = .string(kit.otherKeyID)
            return TokenForge.rs256(header: other, claims: claims, key: kit.otherKey)
        case .embeddedAttackerJWK, .attackerJKU:
            var attacker = header
            if self == .embeddedAttackerJWK {
                attacker["jwk"] = (try? RSAJWK(keyID: "ATTACKER01", publicKey: TokenForge.attackerKey.publicKey)).map {
                    JSONValue.object($0.json)
                }
            } else {
                attacker["jku"] = .string("https://attacker.example/jwks.json")
            }
            return TokenForge.rs256(header: attacker, claims: claims, key: TokenForge.attackerKey)
        case .critHeader:
            return kit.resign(token, header: { $0["crit"] = .array([.string("exp")]) })
        case .wrongIssuer:
            return kit.resign(token, claims: { $0["iss"] = .string("https://attacker.example") })
        case .audienceArrayWithoutUs:
            return kit.resign(token, claims: { $0["aud"] = .array([.string("com.attacker.app"), .string("com.other.app")]) })
        case .audienceArrayWithTheirAzp:
            return kit.resign(
                token,
                claims: {
                    $0["aud"] = .array([$0["aud"] ?? .null, .string("com.attacker.app")])
                    $0["azp"] = .string("com.attacker.app")
                })
        case .issuedInFuture:
            return kit.resign(token, claims: { $0["iat"] = .int(($0["iat"]?.intValue ?? 0) + 3600) })
        case .notYetValid:
            return kit.resign(token, claims: { $0["nbf"] = .int(($0["iat"]?.intValue ?? 0) + 3600) })
        case .missingSubject:
            return kit.resign(token, claims: { $0["sub"] = nil })
        case .truncated:
            return String(token.dropLast(7))
        case .twoSegments:
            return parts[0] + "." + parts[1]
        case .fourSegments:
            return token + "." + parts[2]
        case .nonBase64URL:
            return parts[0] + "." + parts[1] + "=." + parts[2]
        case .formParameterInjection:
            return "x&providerId=google.com&provider=google&id_token=" + token
        case .nonJSONPayload:
            return kit.signRaw(header: header.jsonString, payload: "sub=001542&aud=com.example.authcoordinator")
        case .duplicateSubject:
            var payload = claims.jsonString
            payload.removeLast()
            return kit.signRaw(header: header.jsonString, payload: payload + #","sub":"victim-subject"}"#)
        case .oversized:
            return kit.resign(token, claims: { $0["padding"] = .string(String(repeating: "a", count: 13_000)) })
        }
    }

    private func publicKeySecret(_ key: _RSA.Signing.PublicKey) -> [UInt8] {
        switch self {
        case .hs256WithPublicKeyDER: Array(key.derRepresentation)
        case .hs256WithModulus: (try? key.getKeyPrimitives()).map { Array($0.modulus) } ?? []
        default: Array(key.pemRepresentation.utf8)
        }
    }
}
