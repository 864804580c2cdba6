/// Blowfish with bcrypt's expensive key schedule ("eksblowfish"), as Provos and Mazières describe it
/// in "A Future-Adaptable Password Scheme" (USENIX 1999): the P-array and S-boxes start from π's
/// digits and are keyed again and again with the password and the salt, `2^cost` rounds.
struct EksBlowfish {
    /// P-array (18 words) followed by the four S-boxes (256 words each), in one buffer.
    private var state: [UInt32]

    /// The expensive setup: `ExpandKey(salt, key)`, then `2^cost` times `ExpandKey(0, key)` and
    /// `ExpandKey(0, salt)`.
    /// - Parameters:
    ///   - cost: log2 of the rounds, already checked by the caller.
    ///   - salt: 16 bytes.
    ///   - key: the password bytes with bcrypt's trailing NUL, at most 72 bytes, not empty.
    init(cost: Int, salt: [UInt8], key: [UInt8]) {
        state = BlowfishDigitsOfPi.words
        state.withUnsafeMutableBufferPointer { buffer in
            Self.expand(buffer, key: key, salt: salt)
            let saltOnly = [UInt8]()
            for _ in 0..<(1 << cost) {
                Self.expand(buffer, key: key, salt: saltOnly)
                Self.expand(buffer, key: salt, salt: saltOnly)
            }
        }
    }

    /// Encrypts the six words 64 times in ECB mode, as bcrypt does with "OrpheanBeholderScryDoubt".
    func encrypt64Times(_ words: [UInt32]) -> [UInt32] {
        var words = words
        state.withUnsafeBufferPointer { buffer in
            for _ in 0..<64 {
                for pair in stride(from: 0, to: words.count, by: 2) {
                    (words[pair], words[pair + 1]) = Self.encipher(buffer, words[pair], words[pair + 1])
                }
            }
        }
        return words
    }

    /// Mixes `key` (cyclically) into the P-array, then replaces P and the S-boxes with successive
    /// encryptions of the running block, XORed with `salt`'s words (cyclically) when it is not empty.
    private static func expand(_ state: UnsafeMutableBufferPointer<UInt32>, key: [UInt8], salt: [UInt8]) {
        var keyIndex = 0
        for index in 0..<18 {
            state[index] ^= nextWord(key, &keyIndex)
        }
        var left: UInt32 = 0
        var right: UInt32 = 0
        var saltIndex = 0
        for index in stride(from: 0, to: state.count, by: 2) {
            if !salt.isEmpty {
                left ^= nextWord(salt, &saltIndex)
                right ^= nextWord(salt, &saltIndex)
            }
            (left, right) = encipher(UnsafeBufferPointer(state), left, right)
            state[index] = left
            state[index + 1] = right
        }
    }

    /// The next four bytes of `bytes` as a big-endian word, wrapping around at the end.
    private static func nextWord(_ bytes: [UInt8], _ index: inout Int) -> UInt32 {
        var word: UInt32 = 0
        for _ in 0..<4 {
            word = word << 8 | UInt32(bytes[index])
            index = index + 1 == bytes.count ? 0 : index + 1
        }
        return word
    }

    private static func encipher(
        _ state: UnsafeBufferPointer<UInt32>, _ left: UInt32, _ right: UInt32
    ) -> (UInt32, UInt32) {
        var left = left
        var right = right
        left ^= state[0]
        for round in stride(from: 1, through: 16, by: 2) {
            right ^= feistel(state, left) ^ state[round]
            left ^= feistel(state, right) ^ state[round + 1]
        }
        return (right ^ state[17], left)
    }

    private static func feistel(_ state: UnsafeBufferPointer<UInt32>, _ word: UInt32) -> UInt32 {
        let a = state[18 + Int(word >> 24)]
        let b = state[18 + 256 + Int((word >> 16) & 0xff)]
        let c = state[18 + 512 + Int((word >> 8) & 0xff)]
        let d = state[18 + 768 + Int(word & 0xff)]
        return ((a &+ b) ^ c) &+ d
    }
}
