/// Strict base64url (RFC 4648 §5) without padding, as JOSE uses it.
///
/// Decoding refuses padding, whitespace, the `+` and `/` characters of plain base64, lengths
/// that cannot occur (`count % 4 == 1`) and non-zero leftover bits, so each value has exactly
/// one encoding.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// Encodes bytes.
    /// - Parameter bytes: The bytes to encode.
    /// - Returns: The unpadded base64url text.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output = [UInt8]()
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
            output.append(alphabet[Int(chunk & 63)])
            index += 3
        }
        let remaining = input.count - index
        if remaining == 1 {
            let chunk = UInt32(input[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
        } else if remaining == 2 {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes text.
    /// - Parameter text: Unpadded base64url.
    /// - Returns: The bytes, or `nil` when `text` is not canonical base64url.
    public static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    /// Decodes a slice of UTF-8 bytes.
    /// - Parameter input: Unpadded base64url bytes.
    /// - Returns: The bytes, or `nil` when `input` is not canonical base64url.
    public static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = input.count
        guard count % 4 != 1 else { return nil }
        let capacity = count / 4 * 3 + max(0, count % 4 - 1)
        var valid = true
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
            decodeTable.withUnsafeBufferPointer { table in
                var index = 0
                var written = 0
                while index + 4 <= count {
                    let a = table[Int(input[index])]
                    let b = table[Int(input[index + 1])]
                    let c = table[Int(input[index + 2])]
                    let d = table[Int(input[index + 3])]
                    guard (a | b | c | d) & 0xC0 == 0 else {
                        valid = false
                        return
                    }
                    let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[written] = UInt8(truncatingIfNeeded: chunk >> 16)
                    out[written + 1] = UInt8(truncatingIfNeeded: chunk >> 8)
                    out[written + 2] = UInt8(truncatingIfNeeded: chunk)
                    written += 3
                    index += 4
                }
                switch count - index {
                case 2:
                    let a = table[Int(input[index])]
                    let b = table[Int(input[index + 1])]
                    guard (a | b) & 0xC0 == 0, b & 0x0F == 0 else {
                        valid = false
                        return
                    }
                    out[written] = a << 2 | b >> 4
                    written += 1
                case 3:
                    let a = table[Int(input[index])]
                    let b = table[Int(input[index + 1])]
                    let c = table[Int(input[index + 2])]
                    guard (a | b | c) & 0xC0 == 0, c & 0x03 == 0 else {
                        valid = false
                        return
                    }
                    out[written] = a << 2 | b >> 4
                    out[written + 1] = (b & 0x0F) << 4 | c >> 2
                    written += 2
                default:
                    break
                }
                initialized = written
            }
            if !valid { initialized = 0 }
        }
        return valid ? output : nil
    }
}
