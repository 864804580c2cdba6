/// The claims of an ID token whose signature and claims have been checked.
public struct VerifiedIDToken: Sendable, Hashable {
    /// All claims, in token order.
    public let claims: JSONObject
    /// The `kid` that verified the signature.
    public let keyID: String
    /// `iss`.
    public let issuer: String
    /// `sub`, the provider's stable user id.
    public let subject: String
    /// `exp`, seconds since 1970.
    public let expiresAt: Int64
    /// `iat`, seconds since 1970.
    public let issuedAt: Int64

    /// `email`, when present and a non-empty string.
    public var email: String? {
        claims["email"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `email_verified`, read as Apple sends it (a boolean or the strings `"true"`/`"false"`).
    public var emailVerified: Bool { Self.flexibleBool(claims["email_verified"]) ?? false }

    /// `is_private_email` (Apple), boolean or string.
    public var isPrivateEmail: Bool { Self.flexibleBool(claims["is_private_email"]) ?? false }

    /// `name` (Google).
    public var name: String? { claims["name"]?.stringValue }

    /// `given_name` (Google).
    public var givenName: String? { claims["given_name"]?.stringValue }

    /// `family_name` (Google).
    public var familyName: String? { claims["family_name"]?.stringValue }

    /// `picture` (Google).
    public var picture: String? { claims["picture"]?.stringValue }

    /// `nonce`.
    public var nonce: String? { claims["nonce"]?.stringValue }

    /// `auth_time`, when present.
    public var authTime: Int64? { claims["auth_time"]?.intValue }

    /// Reads a boolean claim that may be a JSON boolean or exactly `"true"`/`"false"`.
    /// - Parameter value: The claim.
    /// - Returns: The boolean, or `nil` for anything else.
    public static func flexibleBool(_ value: JSONValue?) -> Bool? {
        switch value {
        case .bool(let flag): flag
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
    }
}
