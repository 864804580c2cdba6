/// The CBOR encoder a software authenticator needs: definite lengths, shortest arguments, and map
/// keys in CTAP2's canonical order (shorter encodings first, then bytewise), so that what it writes
/// is what the strict decoder accepts. Floats are written as double precision.
public enum CBOREncoder {
    /// Encodes one item.
    /// - Parameter value: The item.
    /// - Returns: Its encoding.
    public static func encode(_ value: CBORValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out)
        return out
    }

    private static func append(_ value: CBORValue, to out: inout [UInt8]) {
        switch value {
        case .unsigned(let n): head(0, n, &out)
        case .negative(let n): head(1, n, &out)
        case .bytes(let b):
            head(2, UInt64(b.count), &out)
            out += b
        case .text(let s):
            head(3, UInt64(s.utf8.count), &out)
            out += s.utf8
        case .array(let items):
            head(4, UInt64(items.count), &out)
            for item in items { append(item, to: &out) }
        case .map(let entries):
            head(5, UInt64(entries.count), &out)
            let encoded = entries.map { (encode($0.key), encode($0.value)) }
            for (key, item) in encoded.sorted(by: { canonicalOrder($0.0, $1.0) }) {
                out += key
                out += item
            }
        case .tagged(let tag, let item):
            head(6, tag, &out)
            append(item, to: &out)
        case .bool(let flag): out.append(flag ? 0xF5 : 0xF4)
        case .null: out.append(0xF6)
        case .undefined: out.append(0xF7)
        case .simple(let n): if n < 24 { out.append(0xE0 | n) } else { out += [0xF8, n] }
        case .float(let d):
            out.append(0xFB)
            out += bigEndian(d.bitPattern, count: 8)
        }
    }

    /// CTAP2 canonical order: the shorter encoding first, then the bytewise smaller.
    private static func canonicalOrder(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    private static func head(_ major: UInt8, _ argument: UInt64, _ out: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case 0..<24: out.append(type | UInt8(argument))
        case 24...0xFF: out += [type | 24, UInt8(argument)]
        case 0x100...0xFFFF:
            out.append(type | 25)
            out += bigEndian(argument, count: 2)
        case 0x1_0000...0xFFFF_FFFF:
            out.append(type | 26)
            out += bigEndian(argument, count: 4)
        default:
            out.append(type | 27)
            out += bigEndian(argument, count: 8)
        }
    }

    private static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
