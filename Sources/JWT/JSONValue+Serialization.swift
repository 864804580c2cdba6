/// A JSON value or object that writes itself as compact text.
public protocol JSONSerializable {
    /// Appends compact JSON text (keys in order, `/` not escaped) to `output`.
    /// - Parameter output: The buffer to append to.
    func write(to output: inout [UInt8])
}

extension JSONSerializable {
    /// Compact JSON text, keys in order, `/` not escaped.
    /// - Returns: UTF-8 bytes.
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return output
    }

    /// Compact JSON text as a string.
    public var jsonString: String { String(decoding: serialized(), as: UTF8.self) }
}

extension JSONValue: JSONSerializable {
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value):
            guard value.isFinite else {
                output.append(contentsOf: "null".utf8)
                return
            }
            if value.rounded() == value, abs(value) < 1e15 {
                output.append(contentsOf: String(Int64(value)).utf8)
            } else {
                output.append(contentsOf: String(value).utf8)
            }
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            object.write(to: &output)
        }
    }

    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONObject: JSONSerializable {
    public func write(to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        for (index, entry) in entries.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONValue.writeString(entry.key, to: &output)
            output.append(UInt8(ascii: ":"))
            entry.value.write(to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}
