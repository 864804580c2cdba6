/// A JWS in compact serialization, split and decoded but not yet verified.
///
/// Parsing is strict: exactly three segments, canonical base64url, header and payload strict
/// JSON objects (duplicate keys refused). The signature is checked over the exact bytes parsed.
public struct CompactJWS: Sendable {
    /// The protected header.
    public let header: JSONObject
    /// The claims.
    public let payload: JSONObject
    /// The signature bytes.
    public let signature: [UInt8]
    /// The ASCII bytes `header.payload` the signature covers.
    public let signingInput: [UInt8]

    /// The header's `alg`, if it is a string.
    public var algorithm: String? { header["alg"]?.stringValue }
    /// The header's `kid`, if it is a string.
    public var keyID: String? { header["kid"]?.stringValue }

    /// Splits and decodes a token.
    /// - Parameters:
    ///   - token: The compact JWS.
    ///   - maxLength: The longest token accepted, in bytes.
    /// - Throws: ``IDTokenError/oversized(_:)`` or ``IDTokenError/malformed(_:)``.
    public init(parsing token: String, maxLength: Int = 16 * 1024) throws(IDTokenError) {
        let utf8 = token.utf8
        guard utf8.count <= maxLength else { throw .oversized(utf8.count) }
        let bytes = Array(utf8)
        var dots: [Int] = []
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ".") {
            dots.append(index)
            guard dots.count <= 2 else { throw .malformed("expected 3 segments, found more") }
        }
        guard dots.count == 2 else { throw .malformed("expected 3 segments, found \(dots.count + 1)") }
        let (first, second) = (dots[0], dots[1])
        guard first > 0, second > first + 1 else { throw .malformed("empty header or payload segment") }
        guard second < bytes.count - 1 else { throw .malformed("missing signature") }

        let decoded: (header: [UInt8]?, payload: [UInt8]?, signature: [UInt8]?) = bytes.withUnsafeBufferPointer { buffer in
            (Base64URL.decode(UnsafeBufferPointer(rebasing: buffer[0..<first])),
             Base64URL.decode(UnsafeBufferPointer(rebasing: buffer[(first + 1)..<second])),
             Base64URL.decode(UnsafeBufferPointer(rebasing: buffer[(second + 1)...])))
        }
        guard let headerBytes = decoded.header else { throw .malformed("header is not base64url") }
        guard let payloadBytes = decoded.payload else { throw .malformed("payload is not base64url") }
        guard let signature = decoded.signature else { throw .malformed("signature is not base64url") }
        do {
            header = try StrictJSONParser.parseObject(headerBytes)
        } catch {
            throw .malformed("header: \(error)")
        }
        do {
            payload = try StrictJSONParser.parseObject(payloadBytes)
        } catch {
            throw .malformed("payload: \(error)")
        }
        self.signature = signature
        self.signingInput = Array(bytes[0..<second])
    }
}
