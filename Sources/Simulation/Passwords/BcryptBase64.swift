/// bcrypt's base64: the alphabet `./A-Za-z0-9`, no padding, bits in the usual base64 order.
///
/// Decoding is strict: every character must be in the alphabet and the unused low bits of the
/// last character must be zero, so one byte string has exactly one text (what decodes re-encodes
/// to the same text).
enum BcryptBase64 {
    private static let alphabet = Array("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = Int8(index) }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 5) / 6)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 0x3f)])
            }
        }
        if bits > 0 {
            output.append(alphabet[Int((buffer << UInt32(6 - bits)) & 0x3f)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `text` into exactly `count` bytes, or nil if it is not their canonical encoding.
    static func decode(_ text: some Collection<UInt8>, count: Int) -> [UInt8]? {
        guard text.count == (count * 8 + 5) / 6 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var buffer: UInt32 = 0
        var bits = 0
        for character in text {
            let value = values[Int(character)]
            guard value >= 0 else { return nil }
            buffer = (buffer << 6 | UInt32(value)) & 0xffff
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> UInt32(bits)) & 0xff))
            }
        }
        let leftover = buffer & ((1 << UInt32(bits)) - 1)
        guard output.count == count, leftover == 0 else { return nil }
        return output
    }
}
