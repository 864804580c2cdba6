extension JSONValue: Codable {
    /// Decodes any JSON value.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not JSON.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: DynamicKey.self) {
            self = .object(try JSONObject(from: container))
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !container.isAtEnd { values.append(try container.decode(JSONValue.self)) }
            self = .array(values)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Encodes the value.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            try object.encode(to: encoder)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .array, .object: break
            }
        }
    }
}

extension JSONObject: Codable {
    /// Decodes a JSON object.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not an object.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: DynamicKey.self))
    }

    fileprivate init(from container: KeyedDecodingContainer<DynamicKey>) throws {
        var object = JSONObject()
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self = object
    }

    /// Encodes the object, keys in order.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        for entry in entries { try container.encode(entry.value, forKey: DynamicKey(entry.key)) }
    }
}

private struct DynamicKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
