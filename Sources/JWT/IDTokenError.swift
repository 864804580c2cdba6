/// Why an ID token was refused. Each service maps these to its own wire error.
public enum IDTokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a well-formed compact JWS (segments, base64url, JSON, duplicate keys).
    case malformed(String)
    /// Longer than the limit, in bytes.
    case oversized(Int)
    /// The header's algorithm is not RS256 (`none`, `HS256`, missing, …).
    case unsupportedAlgorithm(String?)
    /// The header lists `crit` extensions, none of which are understood.
    case unsupportedCriticalHeader
    /// No `kid`, or a `kid` not in the provider's key set (no fallback to another key).
    case unknownKey(String?)
    /// The key is unusable (RSA under 2048 bits, wrong type).
    case weakKey(String)
    /// The signature does not verify with the key named by `kid`.
    case invalidSignature
    /// `iss` is not one of the provider's issuers.
    case invalidIssuer(String?)
    /// No `aud` entry is an accepted client id (or `aud` has several and `azp` is not ours).
    case invalidAudience([String])
    /// `exp` is missing or past.
    case expired
    /// `iat` is missing or later than now plus the allowed skew.
    case issuedInFuture
    /// `nbf` is later than now plus the allowed skew.
    case notYetValid
    /// `sub` is missing, empty, not a string or too long.
    case missingSubject
    /// The token carries a nonce and the request none.
    case nonceMissingInRequest
    /// The request carries a nonce and the token none.
    case nonceMissingInToken
    /// The token's nonce is not the SHA-256 hex of the raw nonce.
    case nonceMismatch

    /// A developer-facing explanation.
    public var description: String {
        switch self {
        case .malformed(let reason): "malformed token: \(reason)"
        case .oversized(let length): "token of \(length) bytes exceeds the limit"
        case .unsupportedAlgorithm(let alg): "unsupported algorithm \(alg.map { "\"\($0)\"" } ?? "(missing)")"
        case .unsupportedCriticalHeader: "unsupported critical header parameters"
        case .unknownKey(let kid): "no key with kid \(kid.map { "\"\($0)\"" } ?? "(missing)")"
        case .weakKey(let reason): "unusable key: \(reason)"
        case .invalidSignature: "invalid signature"
        case .invalidIssuer(let iss): "invalid issuer \(iss ?? "(missing)")"
        case .invalidAudience(let aud): "unacceptable audience \(aud)"
        case .expired: "token has expired"
        case .issuedInFuture: "token issued in the future"
        case .notYetValid: "token not yet valid"
        case .missingSubject: "missing sub claim"
        case .nonceMissingInRequest: "token has a nonce but the request has none"
        case .nonceMissingInToken: "request has a nonce but the token has none"
        case .nonceMismatch: "nonce mismatch"
        }
    }
}
