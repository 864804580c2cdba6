import CryptoExtras

/// Verifies OpenID Connect ID tokens (Apple, Google) the way a server must: RS256 only, the key
/// chosen by `kid` from the provider's own key set (never from the token, never a fallback),
/// issuer, audience, time claims, subject and the nonce rule.
///
/// ```swift
/// let verifier = IDTokenVerifier(policy: .apple(clientIDs: ["com.example.app"]))
/// let token = try verifier.verify(idToken, rawNonce: nonce, keys: appleKeys, now: unixTime)
/// print(token.subject)
/// ```
public struct IDTokenVerifier: Sendable {
    /// The rules tokens must satisfy.
    public let policy: IDTokenPolicy

    /// Creates a verifier.
    /// - Parameter policy: Issuers, audiences, skew and limits.
    public init(policy: IDTokenPolicy) { self.policy = policy }

    /// Verifies a token.
    /// - Parameters:
    ///   - token: The compact JWS.
    ///   - rawNonce: The raw nonce sent beside the token, if any. When both this and the
    ///     token's `nonce` are present, the claim must equal its lowercase SHA-256 hex; when only
    ///     one is present the token is refused.
    ///   - keys: The provider's current key set.
    ///   - now: The current time, seconds since 1970.
    /// - Returns: The verified claims.
    /// - Throws: ``IDTokenError``.
    public func verify(_ token: String, rawNonce: String?, keys: JWKSet, now: Int64) throws(IDTokenError) -> VerifiedIDToken {
        let jws = try CompactJWS(parsing: token, maxLength: policy.maxTokenLength)
        let key = try signingKey(for: jws, in: keys)
        try checkSignature(of: jws, with: key)
        return try checkClaims(of: jws, keyID: key.keyID, rawNonce: rawNonce, now: now)
    }

    /// Finds the key that must have signed the token.
    /// - Parameters:
    ///   - jws: The parsed token.
    ///   - keys: The provider's key set.
    /// - Returns: The key named by `kid`.
    /// - Throws: ``IDTokenError/unsupportedAlgorithm(_:)``,
    ///   ``IDTokenError/unsupportedCriticalHeader``, ``IDTokenError/unknownKey(_:)``.
    public func signingKey(for jws: CompactJWS, in keys: JWKSet) throws(IDTokenError) -> RSAJWK {
        guard let alg = jws.algorithm, alg == "RS256" else { throw .unsupportedAlgorithm(jws.algorithm) }
        guard jws.header["crit"] == nil else { throw .unsupportedCriticalHeader }
        guard let kid = jws.keyID, let key = keys.key(withID: kid) else { throw .unknownKey(jws.keyID) }
        return key
    }

    private func checkSignature(of jws: CompactJWS, with key: RSAJWK) throws(IDTokenError) {
        guard jws.signature.count * 8 == key.publicKey.keySizeInBits else { throw .invalidSignature }
        let signature = _RSA.Signing.RSASignature(rawRepresentation: jws.signature)
        guard key.publicKey.isValidSignature(signature, for: jws.signingInput, padding: .insecurePKCS1v1_5) else {
            throw .invalidSignature
        }
    }

    private func checkClaims(of jws: CompactJWS, keyID: String, rawNonce: String?, now: Int64) throws(IDTokenError) -> VerifiedIDToken {
        let claims = jws.payload
        guard let issuer = claims["iss"]?.stringValue, Self.isExactMember(issuer, of: policy.issuers) else {
            throw .invalidIssuer(claims["iss"]?.stringValue)
        }
        try checkAudience(claims)
        let latest = Self.saturatingSum(now, policy.clockSkew)
        guard let exp = claims["exp"]?.intValue, now < Self.saturatingSum(exp, policy.clockSkew) else { throw .expired }
        guard let iat = claims["iat"]?.intValue, iat <= latest else { throw .issuedInFuture }
        if let nbf = claims["nbf"] {
            guard let notBefore = nbf.intValue, notBefore <= latest else { throw .notYetValid }
        }
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty, subject.utf8.count <= 255 else {
            throw .missingSubject
        }
        if !policy.skipNonceCheck {
            try checkNonce(claims["nonce"], rawNonce: rawNonce)
        }
        return VerifiedIDToken(claims: claims, keyID: keyID, issuer: issuer, subject: subject, expiresAt: exp, issuedAt: iat)
    }

    /// `a + b` clamped to the 64-bit range: time claims are arbitrary JSON integers, and an `exp`
    /// near `Int64.max` must not trap the process.
    private static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }

    /// Whether `value` is byte for byte one of `allowed`. `Set.contains` compares strings by
    /// Unicode canonical equivalence, under which e.g. U+212A KELVIN SIGN equals `K`; issuers and
    /// client ids must match exactly.
    private static func isExactMember(_ value: String, of allowed: Set<String>) -> Bool {
        allowed.contains { $0.utf8.elementsEqual(value.utf8) }
    }

    private func checkAudience(_ claims: JSONObject) throws(IDTokenError) {
        switch claims["aud"] {
        case .string(let audience):
            guard Self.isExactMember(audience, of: policy.audiences) else { throw .invalidAudience([audience]) }
        case .array(let values):
            let audiences = values.compactMap(\.stringValue)
            guard audiences.count == values.count, audiences.contains(where: { Self.isExactMember($0, of: policy.audiences) }) else {
                throw .invalidAudience(audiences)
            }
            if audiences.count > 1 {
                guard let azp = claims["azp"]?.stringValue, Self.isExactMember(azp, of: policy.audiences) else {
                    throw .invalidAudience(audiences)
                }
            }
        default:
            throw .invalidAudience([])
        }
    }

    private func checkNonce(_ claim: JSONValue?, rawNonce: String?) throws(IDTokenError) {
        let tokenNonce = claim?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let requestNonce = rawNonce.flatMap { $0.isEmpty ? nil : $0 }
        switch (tokenNonce, requestNonce) {
        case (nil, nil):
            if claim != nil, claim?.stringValue == nil { throw .nonceMismatch }
        case (.some, nil): throw .nonceMissingInRequest
        case (nil, .some): throw .nonceMissingInToken
        case (.some(let expected), .some(let raw)):
            guard SHA256Hex.matches(raw, hex: expected) else { throw .nonceMismatch }
        }
    }
}
