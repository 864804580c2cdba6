import Crypto

/// SHA-256 as lowercase hex, the form Apple, Firebase and Supabase use for nonces.
public enum SHA256Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Hashes the UTF-8 bytes of a string.
    /// - Parameter text: The text to hash.
    /// - Returns: 64 lowercase hex characters.
    public static func hash(_ text: String) -> String {
        hex(SHA256.hash(data: Array(text.utf8)))
    }

    /// Lowercase hex of any bytes.
    /// - Parameter bytes: The bytes.
    /// - Returns: Two lowercase hex characters per byte.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `hex` is the lowercase hex SHA-256 of `text`, compared in time that depends only
    /// on the lengths (no intermediate strings: this sits on the token-verification path).
    /// - Parameters:
    ///   - text: The text to hash (a raw nonce).
    ///   - hex: The expected digest, 64 lowercase hex characters.
    /// - Returns: Whether they match.
    public static func matches(_ text: String, hex: String) -> Bool {
        var text = text
        var hex = hex
        let digest = text.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        return hex.withUTF8 { expected -> Bool in
            guard expected.count == 64 else { return false }
            var difference: UInt8 = 0
            var index = 0
            for byte in digest {
                difference |= expected[index] ^ digits[Int(byte >> 4)]
                difference |= expected[index + 1] ^ digits[Int(byte & 0x0F)]
                index += 2
            }
            return difference == 0
        }
    }

    /// Compares two strings in time that depends only on their lengths.
    /// - Parameters:
    ///   - lhs: One string.
    ///   - rhs: The other.
    /// - Returns: Whether they are equal.
    public static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
