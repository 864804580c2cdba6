/// RFC 4648 base32 (the `A`–`Z`, `2`–`7` alphabet), the form TOTP secrets travel in: the
/// `secret` of an `otpauth://` URI (Google Authenticator's key URI format), GoTrue's
/// `totp.secret`, Identity Toolkit's `sharedSecretKey`.
package enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// The base32 text of `bytes`, upper case, without `=` padding (as authenticator apps take it).
    /// - Parameter bytes: The bytes.
    /// - Returns: The text.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int(buffer >> UInt32(bits) & 31)])
            }
        }
        if bits > 0 { output.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of base32 text; lower case and trailing `=` padding are accepted, anything else
    /// (spaces, `0`, `1`, `8`, `9`, bits left over that are not zero) is not.
    /// - Parameter text: The text.
    /// - Returns: The bytes, or `nil` when the text is not base32.
    package static func decode(_ text: String) -> [UInt8]? {
        var body = Substring(text)
        while body.last == "=" { body = body.dropLast() }
        var output: [UInt8] = []
        output.reserveCapacity(body.utf8.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for character in body.utf8 {
            guard let value = value(of: character) else { return nil }
            buffer = (buffer << 5 | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        guard bits < 5, buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }

    private static func value(of character: UInt8) -> UInt32? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(character - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(character - UInt8(ascii: "a"))
        case UInt8(ascii: "2")...UInt8(ascii: "7"): UInt32(character - UInt8(ascii: "2")) + 26
        default: nil
        }
    }
}
