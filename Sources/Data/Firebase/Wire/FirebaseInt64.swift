/// An `int64` field of Google's JSON APIs: proto3's JSON mapping writes it as a string and reads
/// a string or a number (firebase-admin-python sends `validSince` as a number), so it decodes
/// either and encodes a string.
package struct FirebaseInt64: Codable, Hashable, Sendable {
    /// The value.
    package var value: Int64

    /// Wraps a value.
    /// - Parameter value: The value.
    package init(_ value: Int64) { self.value = value }

    /// Reads a JSON string of decimal digits or a JSON number without a fraction.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` for anything else.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            value = number
        } else if let text = try? container.decode(String.self), let number = Int64(text) {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an int64 as a string or a number")
        }
    }

    /// Writes the value as a JSON string, as Google's APIs answer.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}
