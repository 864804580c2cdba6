/// Why a COSE key or a signature under it was refused.
public enum COSEKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key is not a CBOR map.
    case notAMap
    /// `kty` (label 1) is missing or not EC2 (2) or RSA (3).
    case unsupportedKeyType(Int64?)
    /// `alg` (label 3) is missing, or not ES256 with EC2 or RS256 with RSA.
    case unsupportedAlgorithm(Int64?)
    /// EC2 `crv` (label -1) is not P-256 (1).
    case unsupportedCurve(Int64?)
    /// A parameter is missing, of the wrong type or of the wrong length.
    case invalidParameter(String)
    /// The map holds private key material (EC2 `d`, RSA `d`, `p`, `q`...).
    case privateKeyMaterial
    /// The point is not on P-256, or the RSA modulus is unusable.
    case invalidKey(String)
    /// The RSA modulus is shorter than 2048 bits.
    case weakKey(bits: Int)
    /// The signature is malformed (ES256 signatures are ASN.1 DER) or does not verify.
    case badSignature

    /// What was wrong, for developers; never any key or signature bytes.
    public var description: String {
        switch self {
        case .notAMap: "COSE key is not a CBOR map"
        case .unsupportedKeyType(let kty): "COSE key type \(kty.map(String.init) ?? "missing") is not EC2 or RSA"
        case .unsupportedAlgorithm(let alg): "COSE algorithm \(alg.map(String.init) ?? "missing") is not ES256 (-7) or RS256 (-257)"
        case .unsupportedCurve(let crv): "COSE curve \(crv.map(String.init) ?? "missing") is not P-256 (1)"
        case .invalidParameter(let name): "COSE key parameter \(name) is missing or malformed"
        case .privateKeyMaterial: "COSE key holds private key material"
        case .invalidKey(let why): "COSE key is invalid: \(why)"
        case .weakKey(let bits): "RSA key has \(bits) bits; at least 2048 are required"
        case .badSignature: "signature does not verify"
        }
    }
}
