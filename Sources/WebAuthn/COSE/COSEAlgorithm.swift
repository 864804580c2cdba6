/// A COSE algorithm identifier (IANA "COSE Algorithms" registry), open so that an unknown value
/// still reads.
public struct COSEAlgorithm: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The registry's integer.
    public let rawValue: Int64

    /// Wraps a registry integer.
    /// - Parameter rawValue: The integer.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// ECDSA with SHA-256 (RFC 9053 section 2.1); in WebAuthn, on P-256 with DER signatures.
    public static let es256 = COSEAlgorithm(rawValue: -7)
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8812 section 2).
    public static let rs256 = COSEAlgorithm(rawValue: -257)

    /// The registry's name, or the integer.
    public var description: String {
        switch self {
        case .es256: "ES256"
        case .rs256: "RS256"
        default: "COSE algorithm \(rawValue)"
        }
    }
}
