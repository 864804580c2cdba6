/// The data codewords (byte mode, terminator, padding) and their Reed–Solomon blocks.
extension QRCode {
    /// Error-correction codewords per block, by level (L, M, Q, H) then version (index 0 unused).
    private static let eccPerBlock: [[Int]] = [
        [
            0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]
    /// Error-correction blocks, by level then version.
    private static let blockCounts: [[Int]] = [
        [
            0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21,
            22, 24, 25,
        ],
        [
            0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37,
            38, 40, 43, 45, 47, 49,
        ],
        [
            0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51,
            53, 56, 59, 62, 65, 68,
        ],
        [
            0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57,
            60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// Modules left for data and error correction once the function patterns are drawn.
    static func rawDataModules(_ version: Int) -> Int {
        var count = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            count -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { count -= 36 }
        }
        return count
    }

    /// Data codewords the version holds at the level.
    static func dataCodewords(_ version: Int, _ level: Level) -> Int {
        rawDataModules(version) / 8 - eccPerBlock[level.rawValue][version] * blockCounts[level.rawValue][version]
    }

    /// The final sequence: byte-mode segment, padded, split into blocks with their error
    /// correction, interleaved.
    static func codewords(_ data: [UInt8], version: Int, level: Level) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) { for i in (0..<count).reversed() { bits.append((value >> i) & 1 == 1) } }
        append(0b0100, 4)
        append(data.count, version < 10 ? 8 : 16)
        for byte in data { append(Int(byte), 8) }
        let capacity = dataCodewords(version, level) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var pad = 0xEC
        while bits.count < capacity {
            append(pad, 8)
            pad ^= 0xEC ^ 0x11
        }
        let codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        return interleave(codewords, version: version, level: level)
    }

    private static func interleave(_ data: [UInt8], version: Int, level: Level) -> [UInt8] {
        let blocks = blockCounts[level.rawValue][version]
        let eccLength = eccPerBlock[level.rawValue][version]
        let raw = rawDataModules(version) / 8
        let shortBlocks = blocks - raw % blocks
        let shortLength = raw / blocks
        let divisor = reedSolomonDivisor(eccLength)
        var split: [[UInt8]] = []
        var offset = 0
        for i in 0..<blocks {
            let length = shortLength - eccLength + (i < shortBlocks ? 0 : 1)
            var block = Array(data[offset..<offset + length])
            offset += length
            let ecc = reedSolomonRemainder(block, divisor)
            if i < shortBlocks { block.append(0) }
            split.append(block + ecc)
        }
        var result: [UInt8] = []
        for i in 0..<split[0].count {
            for (j, block) in split.enumerated() where i != shortLength - eccLength || j >= shortBlocks { result.append(block[i]) }
        }
        return result
    }

    private static func reedSolomonDivisor(_ degree: Int) -> [UInt8] {
        var result = Array(repeating: UInt8(0), count: degree - 1) + [1]
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    private static func reedSolomonRemainder(_ data: [UInt8], _ divisor: [UInt8]) -> [UInt8] {
        var result = Array(repeating: UInt8(0), count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for i in result.indices { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }

    /// Multiplication in GF(2⁸) modulo x⁸ + x⁴ + x³ + x² + 1.
    private static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in (0..<8).reversed() {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= Int((y >> UInt8(i)) & 1) * Int(x)
        }
        return UInt8(z)
    }
}
