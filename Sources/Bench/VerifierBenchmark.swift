import AuthData
import AuthJWT
import AuthSimulation
import CryptoExtras
import Foundation
import JWTKit

/// Full verification of Apple ID tokens by the package's verifier (signature by kid, iss, aud,
/// exp, iat, sub, nonce), against raw RSA-2048 PKCS#1 v1.5 SHA-256 verification of the same
/// signatures with the same crypto library, on one core. jwt-kit's verification of the same
/// tokens is printed for reference.
struct VerifierBenchmark {
    let budget: Duration

    func run(into report: inout BenchReport) async throws {
        let clock = AuthClock.live
        let apple = try SimulatedAppleID(configuration: AppleIDConfiguration(teamID: "TEAM000001"), clock: clock)
        let clientID = "com.example.bench"
        var tokens: [(token: String, nonce: String)] = []
        for index in 0..<64 {
            let nonce = NonceGenerator(source: .live).make()
            let response = try await apple.authorize(
                AppleSheetRequest(
                    clientID: clientID, appleID: "bench\(index)@example.com",
                    nonce: NonceGenerator.sha256Hex(nonce)))
            tokens.append((response.identityToken, nonce))
        }
        let keys = await apple.jwks
        let verifier = IDTokenVerifier(policy: .apple(clientIDs: [clientID]))
        let now = Int64(Date().timeIntervalSince1970)
        // The raw baseline gets the same inputs already split and decoded: it measures the RSA
        // operation (with its SHA-256 of the signing input) and nothing else.
        let raw = try tokens.map { entry -> (key: _RSA.Signing.PublicKey, signature: _RSA.Signing.RSASignature, input: [UInt8]) in
            let jws = try CompactJWS(parsing: entry.token)
            return (keys.key(withID: jws.keyID!)!.publicKey, _RSA.Signing.RSASignature(rawRepresentation: jws.signature), jws.signingInput)
        }
        var index = 0
        var failures = 0
        let (full, rsa) = try Measure.paired(
            {
                try Measure.rate(budget: budget) {
                    let entry = tokens[index & 63]
                    index &+= 1
                    _ = try verifier.verify(entry.token, rawNonce: entry.nonce, keys: keys, now: now)
                }
            },
            {
                Measure.rate(budget: budget) {
                    let entry = raw[index & 63]
                    index &+= 1
                    if !entry.key.isValidSignature(entry.signature, for: entry.input, padding: .insecurePKCS1v1_5) { failures += 1 }
                }
            })
        precondition(failures == 0, "a baseline signature failed to verify")
        report.add(
            "idTokenVerifyPerSecond", full, "full Apple ID-token verification (signature by kid, iss, aud, exp, iat, sub, nonce), one core")
        report.add("rsaVerifyPerSecond", rsa, "raw RSA-2048 PKCS#1 v1.5 SHA-256 verification of the same signatures (swift-crypto)")
        report.add("verifyRatio", full / rsa, "goal >= 0.8")

        let collection = try await JWTKeyCollection().add(jwksJSON: String(decoding: keys.json.serialized(), as: UTF8.self))
        let jwtKit = try await Measure.rate(budget: budget) {
            let entry = tokens[index & 63]
            index &+= 1
            _ = try await collection.verify(entry.token, as: AppleIdentityToken.self, expectedAudience: clientID)
        }
        report.add("jwtKitVerifyPerSecond", jwtKit, "reference: jwt-kit 5 verifying the same tokens (signature, iss, aud, exp; no nonce)")
    }
}
