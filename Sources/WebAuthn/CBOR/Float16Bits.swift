/// IEEE 754 half precision, decoded by hand: `Float16` is not available on every platform this
/// package builds for (RFC 8949 Appendix D gives the same decoding).
enum Float16Bits {
    /// The value of a half-precision bit pattern.
    static func decode(_ half: UInt16) -> Float {
        let exponent = Int((half >> 10) & 0x1F)
        let mantissa = Float(half & 0x3FF)
        let magnitude: Float =
            switch exponent {
            case 0: mantissa * 0x1p-24
            case 31: mantissa == 0 ? .infinity : .nan
            default: (1 + mantissa / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
            }
        return half & 0x8000 == 0 ? magnitude : -magnitude
    }
}
