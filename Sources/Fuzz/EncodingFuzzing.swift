import AuthJWT
import Foundation

/// Fuzz entries for the strict JSON parser and base64url.
enum EncodingFuzzing {
    /// The bytes as JSON. Properties: what parses, serialises to text that parses to the same
    /// value and serialises identically again; Foundation's `JSONDecoder` reads the same value
    /// through `JSONValue`'s `Codable` conformance (used for `user_metadata` in responses).
    static func json(_ bytes: UnsafeBufferPointer<UInt8>) {
        let value: JSONValue
        do { value = try StrictJSONParser.parse(bytes) } catch {
            _ = error.description
            return
        }
        let text = value.serialized()
        guard let again = try? StrictJSONParser.parse(text) else {
            return fuzzCheck(false, "serialised JSON does not parse: \(String(decoding: text.prefix(200), as: UTF8.self))")
        }
        fuzzCheck(equivalent(value, again, orderedKeys: true), "serialisation changed the value")
        fuzzCheck(again.serialized() == text, "serialisation is not idempotent")

        let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(text))
        fuzzCheck(decoded.map { equivalent(value, $0, orderedKeys: false) } == true, "JSONValue's Codable reads another value")
    }

    /// The bytes as base64url text, and as bytes to encode. Properties: decoding is canonical
    /// (what decodes re-encodes to the same text), encoding round-trips, and the `String` and
    /// buffer decoders agree.
    static func base64url(_ bytes: UnsafeBufferPointer<UInt8>) {
        let decoded = Base64URL.decode(bytes)
        if let decoded {
            fuzzCheck(Base64URL.encode(decoded).utf8.elementsEqual(bytes), "a non-canonical encoding decoded")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.elementsEqual(bytes) {
            fuzzCheck(Base64URL.decode(text) == decoded, "String and buffer decoding disagree")
        }
        fuzzCheck(Base64URL.decode(Base64URL.encode(bytes)).map { $0.elementsEqual(bytes) } == true, "encoding does not round-trip")
    }

    /// Whether two values are the same JSON: numbers by value (`1.0` and `1` are equal), objects
    /// by keys and values, in order or not.
    static func equivalent(_ a: JSONValue, _ b: JSONValue, orderedKeys: Bool) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.int, _), (.double, _):
            guard let x = a.doubleValue, let y = b.doubleValue else { return false }
            if case .int(let i) = a, case .int(let j) = b { return i == j }
            return x == y
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equivalent($0, $1, orderedKeys: orderedKeys) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            if orderedKeys {
                return zip(x, y).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && equivalent($0.value, $1.value, orderedKeys: true) }
            }
            return x.allSatisfy { entry in y[entry.key].map { equivalent(entry.value, $0, orderedKeys: false) } == true }
        default:
            return false
        }
    }
}
