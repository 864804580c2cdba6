import AuthJWT

/// A second, deliberately plain statement of what ``FuzzFixture/verifier`` must decide for a
/// token whose signature is genuine: the order of checks of `IDTokenVerifier`, with time
/// arithmetic in 128 bits and strings compared byte for byte, so that an overflow, a lenient
/// comparison or a skipped check shows up as a disagreement.
enum PolicyModel {
    /// Which way a token is refused (the case of `IDTokenError`, without its payload), or that it
    /// is accepted.
    enum Outcome: String, Equatable {
        case accepted, malformed, oversized, unsupportedAlgorithm, unsupportedCriticalHeader, unknownKey, weakKey
        case invalidSignature, invalidIssuer, invalidAudience, expired, issuedInFuture, notYetValid, missingSubject
        case nonceMissingInRequest, nonceMissingInToken, nonceMismatch

        init(_ error: IDTokenError) {
            self =
                switch error {
                case .malformed: .malformed
                case .oversized: .oversized
                case .unsupportedAlgorithm: .unsupportedAlgorithm
                case .unsupportedCriticalHeader: .unsupportedCriticalHeader
                case .unknownKey: .unknownKey
                case .weakKey: .weakKey
                case .invalidSignature: .invalidSignature
                case .invalidIssuer: .invalidIssuer
                case .invalidAudience: .invalidAudience
                case .expired: .expired
                case .issuedInFuture: .issuedInFuture
                case .notYetValid: .notYetValid
                case .missingSubject: .missingSubject
                case .nonceMissingInRequest: .nonceMissingInRequest
                case .nonceMissingInToken: .nonceMissingInToken
                case .nonceMismatch: .nonceMismatch
                }
        }
    }

    /// The expected outcome for a genuinely signed token.
    /// - Parameters:
    ///   - header: The header JSON text.
    ///   - payload: The payload JSON text.
    ///   - tokenLength: The compact token's length in bytes.
    ///   - rawNonce: The raw nonce sent beside the token.
    /// - Returns: The outcome.
    static func outcome(header: [UInt8], payload: [UInt8], tokenLength: Int, rawNonce: String?) -> Outcome {
        let policy = FuzzFixture.policy
        guard tokenLength <= policy.maxTokenLength else { return .oversized }
        guard let header = try? StrictJSONParser.parseObject(header), let claims = try? StrictJSONParser.parseObject(payload) else {
            return .malformed
        }
        guard header["alg"]?.stringValue.map(isRS256) == true else { return .unsupportedAlgorithm }
        guard header["crit"] == nil else { return .unsupportedCriticalHeader }
        guard header["kid"]?.stringValue.map({ same($0, FuzzFixture.keyID) }) == true else { return .unknownKey }

        guard let issuer = claims["iss"]?.stringValue, policy.issuers.contains(where: { same($0, issuer) }) else { return .invalidIssuer }
        guard audienceAccepted(claims, policy: policy) else { return .invalidAudience }
        let now = Int128(FuzzFixture.now)
        let skew = Int128(policy.clockSkew)
        guard let exp = claims["exp"]?.intValue, now < Int128(exp) + skew else { return .expired }
        guard let iat = claims["iat"]?.intValue, Int128(iat) <= now + skew else { return .issuedInFuture }
        if let nbf = claims["nbf"] {
            guard let notBefore = nbf.intValue, Int128(notBefore) <= now + skew else { return .notYetValid }
        }
        guard let subject = claims["sub"]?.stringValue, !subject.utf8.isEmpty, subject.utf8.count <= 255 else { return .missingSubject }
        return nonceOutcome(claims["nonce"], rawNonce: rawNonce)
    }

    private static func isRS256(_ alg: String) -> Bool { same(alg, "RS256") }

    /// Byte-for-byte equality (Swift's `==` on `String` is Unicode canonical equivalence).
    private static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    private static func audienceAccepted(_ claims: JSONObject, policy: IDTokenPolicy) -> Bool {
        func ours(_ value: String) -> Bool { policy.audiences.contains { same($0, value) } }
        switch claims["aud"] {
        case .string(let audience):
            return ours(audience)
        case .array(let values):
            let audiences = values.compactMap(\.stringValue)
            guard audiences.count == values.count, audiences.contains(where: ours) else { return false }
            guard audiences.count > 1 else { return true }
            return claims["azp"]?.stringValue.map(ours) == true
        default:
            return false
        }
    }

    private static func nonceOutcome(_ claim: JSONValue?, rawNonce: String?) -> Outcome {
        let tokenNonce = claim?.stringValue.flatMap { $0.utf8.isEmpty ? nil : $0 }
        let requestNonce = rawNonce.flatMap { $0.utf8.isEmpty ? nil : $0 }
        switch (tokenNonce, requestNonce) {
        case (nil, nil): return claim == nil || claim?.stringValue != nil ? .accepted : .nonceMismatch
        case (.some, nil): return .nonceMissingInRequest
        case (nil, .some): return .nonceMissingInToken
        case (.some(let expected), .some(let raw)): return same(SHA256Hex.hash(raw), expected) ? .accepted : .nonceMismatch
        }
    }
}
