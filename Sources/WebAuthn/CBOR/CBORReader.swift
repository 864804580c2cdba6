import AuthJWT

/// The cursor behind ``CBORDecoder``: reads one item at a time, checking every rule as it goes.
struct CBORReader {
    let bytes: [UInt8]
    var offset: Int
    let rules: CBORRules

    mutating func item(depth: Int) throws(CBORError) -> CBORValue {
        guard depth <= rules.maxDepth else { throw CBORError(.tooDeep, at: offset) }
        let start = offset
        let initial = try byte()
        let major = initial >> 5
        let info = initial & 0x1F
        if major == 7 { return try simpleOrFloat(info: info, start: start) }
        let argument = try self.argument(info: info, start: start)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(try take(argument, start: start))
        case 3:
            let raw = try take(argument, start: start)
            guard let text = WellFormedUTF8.string(raw) else { throw CBORError(.invalidUTF8, at: start) }
            return .text(text)
        case 4:
            let count = try boundedCount(argument, minimumItemBytes: 1, start: start)
            var items: [CBORValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try item(depth: depth + 1)) }
            return .array(items)
        case 5:
            return .map(try mapEntries(count: try boundedCount(argument, minimumItemBytes: 2, start: start), depth: depth))
        default:
            guard rules.allowTags else { throw CBORError(.tagNotAllowed, at: start) }
            return .tagged(argument, try item(depth: depth + 1))
        }
    }

    private mutating func mapEntries(count: Int, depth: Int) throws(CBORError) -> [CBORMapEntry] {
        var entries: [CBORMapEntry] = []
        entries.reserveCapacity(count)
        var seen = Set<[UInt8]>()
        for _ in 0..<count {
            let keyStart = offset
            let key = try item(depth: depth + 1)
            // Keys compare as values: the encoder writes each value one way only.
            guard seen.insert(CBOREncoder.encode(key)).inserted else { throw CBORError(.duplicateMapKey, at: keyStart) }
            entries.append(CBORMapEntry(key, try item(depth: depth + 1)))
        }
        return entries
    }

    private mutating func simpleOrFloat(info: UInt8, start: Int) throws(CBORError) -> CBORValue {
        switch info {
        case 0...19: return .simple(info)
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 24:
            let value = try byte()
            guard value >= 32 else { throw CBORError(.invalidSimpleValue, at: start) }
            return .simple(value)
        case 25: return .float(Double(Float16Bits.decode(UInt16(try big(2, start: start)))))
        case 26: return .float(Double(Float(bitPattern: UInt32(try big(4, start: start)))))
        case 27: return .float(Double(bitPattern: try big(8, start: start)))
        case 31: throw CBORError(.indefiniteLength, at: start)
        default: throw CBORError(.reservedAdditionalInfo, at: start)
        }
    }

    private mutating func argument(info: UInt8, start: Int) throws(CBORError) -> UInt64 {
        let value: UInt64
        let minimum: UInt64
        switch info {
        case 0...23: return UInt64(info)
        case 24: (value, minimum) = (try big(1, start: start), 24)
        case 25: (value, minimum) = (try big(2, start: start), 0x100)
        case 26: (value, minimum) = (try big(4, start: start), 0x1_0000)
        case 27: (value, minimum) = (try big(8, start: start), 0x1_0000_0000)
        case 31: throw CBORError(.indefiniteLength, at: start)
        default: throw CBORError(.reservedAdditionalInfo, at: start)
        }
        if rules.requireShortestArguments, value < minimum { throw CBORError(.nonShortestEncoding, at: start) }
        return value
    }

    /// A count of items, refused before any allocation when the bytes left cannot hold it.
    private func boundedCount(_ count: UInt64, minimumItemBytes: UInt64, start: Int) throws(CBORError) -> Int {
        let left = UInt64(bytes.count - offset)
        guard count <= left / minimumItemBytes else { throw CBORError(.lengthExceedsInput, at: start) }
        return Int(count)
    }

    private mutating func take(_ length: UInt64, start: Int) throws(CBORError) -> [UInt8] {
        guard length <= UInt64(bytes.count - offset) else { throw CBORError(.lengthExceedsInput, at: start) }
        let end = offset + Int(length)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }

    private mutating func big(_ count: Int, start: Int) throws(CBORError) -> UInt64 {
        guard bytes.count - offset >= count else { throw CBORError(.truncated, at: start) }
        var value: UInt64 = 0
        for _ in 0..<count {
            value = value << 8 | UInt64(bytes[offset])
            offset += 1
        }
        return value
    }

    private mutating func byte() throws(CBORError) -> UInt8 {
        guard offset < bytes.count else { throw CBORError(.truncated, at: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }
}
