/// A strict CBOR decoder (RFC 8949): definite lengths only, no duplicate map keys, shortest
/// arguments where the rules ask for them, bounded depth and size, every failure a ``CBORError``.
///
/// ```swift
/// let object = try CBORDecoder(rules: .webAuthn).decode(attestationObjectBytes)
/// let fmt = object[.text("fmt")]?.textValue
/// ```
public struct CBORDecoder: Sendable {
    /// What the decoder accepts.
    public let rules: CBORRules

    /// Makes a decoder.
    /// - Parameter rules: What it accepts, and its bounds.
    public init(rules: CBORRules) {
        self.rules = rules
    }

    /// Decodes exactly one item that fills the whole input.
    /// - Parameter bytes: The encoded item.
    /// - Returns: The item.
    /// - Throws: ``CBORError``, including ``CBORError/Reason/trailingBytes`` after the item.
    public func decode(_ bytes: [UInt8]) throws(CBORError) -> CBORValue {
        let (value, end) = try decodePrefix(bytes, from: 0)
        guard end == bytes.count else { throw CBORError(.trailingBytes, at: end) }
        return value
    }

    /// Decodes the one item that starts at `start`, as in authenticator data, where a COSE key is
    /// followed by more bytes.
    /// - Parameters:
    ///   - bytes: The input.
    ///   - start: The offset of the item.
    /// - Returns: The item and the offset just after it.
    /// - Throws: ``CBORError``.
    public func decodePrefix(_ bytes: [UInt8], from start: Int) throws(CBORError) -> (CBORValue, Int) {
        guard bytes.count <= rules.maxBytes else { throw CBORError(.tooLarge, at: 0) }
        var reader = CBORReader(bytes: bytes, offset: start, rules: rules)
        let value = try reader.item(depth: 0)
        return (value, reader.offset)
    }
}
