import Crypto
import CryptoExtras
import Foundation

/// A credential public key in COSE_Key form (RFC 9052 section 7, RFC 9053 section 7.1, RFC 8230
/// section 4), read strictly into a swift-crypto key: EC2 P-256 with ES256, or RSA with RS256.
///
/// ```swift
/// let key = try COSEKey(cbor: credentialPublicKey)
/// try key.verify(signature: sig, over: authData + SHA256.hash(data: clientDataJSON))
/// ```
public struct COSEKey: Sendable {
    /// The kind of key.
    public enum KeyType: Sendable, Hashable {
        /// EC2 on P-256.
        case p256
        /// RSA.
        case rsa
    }

    /// The kind of key.
    public let keyType: KeyType
    /// Its `alg`: ``COSEAlgorithm/es256`` for P-256, ``COSEAlgorithm/rs256`` for RSA.
    public let algorithm: COSEAlgorithm
    /// The key as bytes (X9.63 for P-256, PKCS #1 DER for RSA): CryptoKit's key types are not
    /// `Sendable` on every iOS version this package supports.
    private let keyBytes: [UInt8]

    /// Wraps a P-256 key for ES256.
    /// - Parameter p256: The key.
    public init(p256: P256.Signing.PublicKey) {
        keyType = .p256
        algorithm = .es256
        keyBytes = Array(p256.x963Representation)
    }

    /// Wraps an RSA key for RS256.
    /// - Parameter rsa: The key, of at least 2048 bits.
    /// - Throws: ``COSEKeyError/weakKey(bits:)`` below 2048 bits.
    public init(rsa: _RSA.Signing.PublicKey) throws(COSEKeyError) {
        guard rsa.keySizeInBits >= 2048 else { throw .weakKey(bits: rsa.keySizeInBits) }
        keyType = .rsa
        algorithm = .rs256
        keyBytes = Array(rsa.derRepresentation)
    }

    /// The P-256 key, for a ``KeyType/p256`` key.
    public var p256PublicKey: P256.Signing.PublicKey? {
        keyType == .p256 ? try? P256.Signing.PublicKey(x963Representation: keyBytes) : nil
    }

    /// The RSA key, for a ``KeyType/rsa`` key.
    public var rsaPublicKey: _RSA.Signing.PublicKey? {
        keyType == .rsa ? try? _RSA.Signing.PublicKey(derRepresentation: keyBytes) : nil
    }

    /// Verifies a signature as WebAuthn carries it: ES256 in ASN.1 DER (WebAuthn Level 3 section
    /// 6.5.5), RS256 as PKCS #1 v1.5 with SHA-256.
    /// - Parameters:
    ///   - signature: The signature bytes.
    ///   - data: The signed bytes (hashed here with SHA-256).
    /// - Throws: ``COSEKeyError/badSignature`` when it is malformed or does not verify.
    public func verify(signature: [UInt8], over data: [UInt8]) throws(COSEKeyError) {
        let valid: Bool
        if let key = p256PublicKey {
            guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { throw .badSignature }
            valid = key.isValidSignature(parsed, for: data)
        } else if let key = rsaPublicKey {
            valid = key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        } else {
            valid = false
        }
        guard valid else { throw .badSignature }
    }
}
