/// One CBOR data item (RFC 8949 section 3), as the strict decoder reads it and the encoder
/// writes it. Maps keep their entries in the order they were read or given.
public indirect enum CBORValue: Sendable, Hashable {
    /// Major type 0: an unsigned integer.
    case unsigned(UInt64)
    /// Major type 1: the integer `-1 - n`, kept as `n` so that the whole range fits.
    case negative(UInt64)
    /// Major type 2: a byte string.
    case bytes([UInt8])
    /// Major type 3: a UTF-8 text string.
    case text(String)
    /// Major type 4: an array.
    case array([CBORValue])
    /// Major type 5: a map, as ordered key/value pairs (keys are unique when decoded strictly).
    case map([CBORMapEntry])
    /// Major type 6: a tagged item.
    case tagged(UInt64, CBORValue)
    /// Major type 7: `false` or `true`.
    case bool(Bool)
    /// Major type 7: `null`.
    case null
    /// Major type 7: `undefined`.
    case undefined
    /// Major type 7: a simple value other than the four above (0-19 or 32-255).
    case simple(UInt8)
    /// Major type 7: a half, single or double precision float, widened to `Double`.
    case float(Double)

    /// An integer item: unsigned when `value >= 0`, negative otherwise.
    /// - Parameter value: The integer.
    /// - Returns: The item.
    public static func int(_ value: Int64) -> CBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-(value + 1)))
    }

    /// The integer value when it fits an `Int64`, else `nil`.
    public var intValue: Int64? {
        switch self {
        case .unsigned(let n) where n <= UInt64(Int64.max): Int64(n)
        case .negative(let n) where n <= UInt64(Int64.max): -1 - Int64(n)
        default: nil
        }
    }

    /// The bytes of a byte string, else `nil`.
    public var bytesValue: [UInt8]? {
        if case .bytes(let value) = self { return value }
        return nil
    }

    /// The text of a text string, else `nil`.
    public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The entries of a map, else `nil`.
    public var mapValue: [CBORMapEntry]? {
        if case .map(let value) = self { return value }
        return nil
    }

    /// The value of the first entry whose key equals `key` in a map, else `nil`.
    /// - Parameter key: The key.
    public subscript(key: CBORValue) -> CBORValue? {
        mapValue?.first { $0.key == key }?.value
    }
}

/// One key/value pair of a CBOR map.
public struct CBORMapEntry: Sendable, Hashable {
    /// The key.
    public var key: CBORValue
    /// The value.
    public var value: CBORValue

    /// Makes an entry.
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value.
    public init(_ key: CBORValue, _ value: CBORValue) {
        self.key = key
        self.value = value
    }
}
