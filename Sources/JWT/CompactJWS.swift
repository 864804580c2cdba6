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
        var token = token
        let parsed: Result<CompactJWS, IDTokenError> = token.withUTF8 { bytes in
            do throws(IDTokenError) { return .success(try CompactJWS(bytes: bytes, maxLength: maxLength)) } catch { return .failure(error) }
        }
        self = try parsed.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxLength: Int) throws(IDTokenError) {
        guard bytes.count <= maxLength else { throw .oversized(bytes.count) }
        var first = -1
        var second = -1
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: ".") {
            if first < 0 {
                first = index
            } else if second < 0 {
                second = index
            } else {
                throw .malformed("expected 3 segments, found more")
            }
        }
        guard first >= 0, second >= 0 else { throw .malformed("expected 3 segments, found \(first >= 0 ? 2 : 1)") }
        guard first > 0, second > first + 1 else { throw .malformed("empty header or payload segment") }
        guard second < bytes.count - 1 else { throw .malformed("missing signature") }

        guard let headerBytes = Base64URL.decode(UnsafeBufferPointer(rebasing: bytes[0..<first])) else {
            throw .malformed("header is not base64url")
        }
        guard let payloadBytes = Base64URL.decode(UnsafeBufferPointer(rebasing: bytes[(first + 1)..<second])) else {
            throw .malformed("payload is not base64url")
        }
        guard let signature = Base64URL.decode(UnsafeBufferPointer(rebasing: bytes[(second + 1)...])) else {
            throw .malformed("signature is not base64url")
        }
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
        self.signingInput = Array(UnsafeBufferPointer(rebasing: bytes[0..<second]))
    }
}
